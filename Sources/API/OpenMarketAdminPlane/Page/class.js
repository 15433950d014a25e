// The teacher's view of a class on the admin page: each team's counts and last refusal, and the mistakes the class
// makes, ranked by how many teams made them. Shown only when the server serves a class (GET /__admin/class);
// secrets are never asked for here.
'use strict';

const CLASS_POLL_MS = 2000;

function classPanel() {
  let panel = document.getElementById('class-view');
  if (!panel) {
    panel = el('section', { id: 'class-view', class: 'class-view', 'aria-label': 'The class' });
    document.querySelector('main').prepend(panel);
  }
  return panel;
}

function renderClass(view) {
  const working = view.teams.filter((team) => team.requests > 0).length;
  const mistakes = view.mistakes.length
    ? el('ol', { class: 'mistakes' }, view.mistakes.map((mistake) => el('li', { 'data-kind': mistake.kind },
      el('strong', { text: `${mistake.message}: ${mistake.teams.length} team${mistake.teams.length === 1 ? '' : 's'}` }),
      el('span', { class: 'muted', text: ` (${mistake.teams.join(', ')})` }))))
    : el('p', { class: 'muted', text: 'No refusals yet.' });
  const rows = view.teams.map((team) => el('tr', { class: team.lastRefusal ? 'refused' : '' },
    el('th', { scope: 'row', text: team.name, title: team.members.join(', ') }),
    el('td', { class: 'num', text: team.requests }),
    el('td', { class: 'num', text: team.errors }),
    el('td', {}, team.lastRefusal
      ? [el('span', { class: statusClass(team.lastRefusal.status), text: team.lastRefusal.status }), ' ',
        el('span', { class: 'mono', text: `${team.lastRefusal.method} ${team.lastRefusal.path}` }), ' ',
        el('span', { text: team.lastRefusal.message })]
      : el('span', { class: 'muted', text: '—' }))));
  classPanel().replaceChildren(
    el('h2', { text: `Class: ${view.teams.length} teams, ${working} at work` }),
    el('h3', { text: 'Mistakes, by how many teams made them' }),
    mistakes,
    el('table', { class: 'class-teams' },
      el('thead', {}, el('tr', {}, el('th', { text: 'Team' }), el('th', { text: 'Requests' }),
        el('th', { text: 'Errors' }), el('th', { text: 'Last refusal' }))),
      el('tbody', {}, rows)));
}

async function pollClass() {
  try {
    const response = await fetch('/__admin/class', { cache: 'no-store' });
    if (response.status === 404) return; // no class: the panel never shows
    if (response.ok) renderClass(await response.json());
  } catch (_) { /* the page's own poll reports a server that went away */ }
  setTimeout(pollClass, CLASS_POLL_MS);
}

pollClass();
