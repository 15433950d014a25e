// The teacher's view of a class on the admin page: each team's counts and last refusal, the mistakes the class
// makes, ranked by how many teams made them, and each team's way through the course's steps (a table to sort by
// any column). Shown only when the server serves a class (GET /__admin/class); secrets are never asked for here.
'use strict';

const CLASS_POLL_MS = 2000;
const progressSort = { column: 'team', descending: false };

function classPanel() {
  let panel = document.getElementById('class-view');
  if (!panel) {
    panel = el('section', { id: 'class-view', class: 'class-view', 'aria-label': 'The class' });
    document.querySelector('main').prepend(panel);
  }
  return panel;
}

function classTeamsTable(view) {
  const rows = view.teams.map((team) => el('tr', { class: team.lastRefusal ? 'refused' : '' },
    el('th', { scope: 'row', text: team.name, title: team.members.join(', ') }),
    el('td', { class: 'num', text: team.requests }),
    el('td', { class: 'num', text: team.errors }),
    el('td', {}, team.lastRefusal
      ? [el('span', { class: statusClass(team.lastRefusal.status), text: team.lastRefusal.status }), ' ',
        el('span', { class: 'mono', text: `${team.lastRefusal.method} ${team.lastRefusal.path}` }), ' ',
        el('span', { text: team.lastRefusal.message })]
      : el('span', { class: 'muted', text: '—' }))));
  return el('table', { class: 'class-teams' },
    el('thead', {}, el('tr', {}, el('th', { text: 'Team' }), el('th', { text: 'Requests' }),
      el('th', { text: 'Errors' }), el('th', { text: 'Last refusal' }))),
    el('tbody', {}, rows));
}

/** The value a column sorts a team by: the step it is on by the step's place, a step by when it was first done. */
function progressKey(team, column, progress) {
  if (column === 'team') return team.name;
  if (column === 'on') {
    const index = progress.steps.findIndex((step) => step.id === team.on);
    return index < 0 ? progress.steps.length : index;
  }
  if (column === 'mistake') return team.lastMistake ? team.lastMistake.kind : '';
  const step = team.steps.find((candidate) => candidate.id === column);
  return step && step.firstDone ? step.firstDone : '\uffff'; // not done: after every time
}

function sortedTeams(progress) {
  const { column, descending } = progressSort;
  return [...progress.teams].sort((left, right) => {
    const a = progressKey(left, column, progress);
    const b = progressKey(right, column, progress);
    const order = typeof a === 'number' ? a - b : String(a).localeCompare(String(b));
    return descending ? -order : order;
  });
}

function sortButton(column, label, title) {
  const active = progressSort.column === column;
  return el('th', { scope: 'col', 'aria-sort': active ? (progressSort.descending ? 'descending' : 'ascending') : 'none' },
    el('button', {
      type: 'button', class: 'sort', title: title || `Sort by ${label}`, 'data-column': column,
      onclick: () => {
        progressSort.descending = progressSort.column === column ? !progressSort.descending : false;
        progressSort.column = column;
        pollClass(false);
      },
    }, label, active ? (progressSort.descending ? ' ▼' : ' ▲') : ''));
}

function stepCell(team, step) {
  const done = team.steps.find((candidate) => candidate.id === step.id);
  if (done && done.done) {
    return el('td', { class: 'step done', 'data-step': step.id },
      el('div', {}, `✓ ${progressTime(done.firstDone)}`, byAddressMark(done.request)),
      el('span', { class: 'evidence' }, requestLink(done.request, openRequest)));
  }
  const facts = done.shown.length + done.left.length;
  const here = team.on === step.id;
  return el('td', { class: `step${here ? ' here' : ''}`, 'data-step': step.id,
    title: done.left.map((fact) => fact.english).join('\n') },
  el('span', { class: 'muted', text: done.shown.length ? `${done.shown.length}/${facts}` : '—' }),
  here ? el('span', { class: 'on-marker', text: ' ◀ on' }) : null);
}

async function resetProgress(team) {
  const whose = team ? `team ${team.name}'s` : "every team's";
  if (!window.confirm(`Forget ${whose} progress through the course? Requests and products stay.`)) return;
  try {
    await api(team ? `/__admin/class/progress/${encodeURIComponent(team.identifier)}` : '/__admin/class/progress',
      { method: 'DELETE' });
    pollClass(false);
  } catch (error) {
    showError(error);
  }
}

function progressTable(progress) {
  const steps = progress.steps;
  const rows = sortedTeams(progress).map((team) => el('tr', { 'data-team': team.name },
    el('th', { scope: 'row', text: team.name, title: team.members.join(', ') }),
    el('td', { class: 'on', text: team.on || 'all done' }),
    steps.map((step) => stepCell(team, step)),
    el('td', { class: 'mistake' }, team.lastMistake ? [
      el('span', { class: statusClass(team.lastMistake.request.status), text: team.lastMistake.request.status }), ' ',
      el('strong', { text: team.lastMistake.kind, title: team.lastMistake.message }),
      evidenceLink(team.lastMistake.request, openRequest)] : el('span', { class: 'muted', text: '—' })),
    el('td', {}, el('button', { type: 'button', class: 'small', title: `Forget ${team.name}'s progress`,
      onclick: () => resetProgress(team) }, 'Reset'))));
  return el('div', { class: 'progress-wrap' },
    el('table', { class: 'class-teams progress', id: 'class-progress' },
      el('thead', {}, el('tr', {},
        sortButton('team', 'Team'), sortButton('on', 'On', 'Sort by the step each team is on'),
        steps.map((step) => sortButton(step.id, step.id, `${step.id} ${step.koreanTitle} · ${step.title}: sort by when it was first done`)),
        sortButton('mistake', 'Last mistake on its step'), el('th', {}))),
      el('tbody', {}, rows)),
    el('p', { class: 'muted' },
      'Apps send identifier on writes only: a request marked “by address” is the team\'s because it came from the ',
      'address the team was last seen at. ',
      el('a', { href: '/__admin/class/progress.csv', download: 'class-progress.csv' }, 'Download as CSV'), ' · ',
      el('button', { type: 'button', class: 'small danger', onclick: () => resetProgress(null) }, 'Reset every team\'s progress…')));
}

function renderClass(view, progress) {
  const working = view.teams.filter((team) => team.requests > 0).length;
  const mistakes = view.mistakes.length
    ? el('ol', { class: 'mistakes' }, view.mistakes.map((mistake) => el('li', { 'data-kind': mistake.kind },
      el('strong', { text: `${mistake.message}: ${mistake.teams.length} team${mistake.teams.length === 1 ? '' : 's'}` }),
      el('span', { class: 'muted', text: ` (${mistake.teams.join(', ')})` }))))
    : el('p', { class: 'muted', text: 'No refusals yet.' });
  classPanel().replaceChildren(
    el('h2', { text: `Class: ${view.teams.length} teams, ${working} at work` }),
    el('h3', { text: `Where each team is in the course (${progress.generation})` }),
    progressTable(progress),
    el('h3', { text: 'Mistakes, by how many teams made them' }),
    mistakes,
    classTeamsTable(view));
}

/** `again`: schedule the next poll (a sort or a reset redraws now without a second timer). */
async function pollClass(again = true) {
  try {
    const response = await fetch('/__admin/class', { cache: 'no-store' });
    if (response.status === 404) return; // no class: the panel never shows
    if (response.ok) {
      const progress = await apiJSON('/__admin/class/progress');
      renderClass(await response.json(), progress);
    }
  } catch (_) { /* the page's own poll reports a server that went away */ }
  if (again) setTimeout(pollClass, CLASS_POLL_MS);
}

pollClass();
