// The class's way through the course, on the admin page (a table a teacher sorts) and on a team's own page (its
// steps and what is left). Both read the same JSON: GET /__admin/class/progress for the teacher, the `progress`
// member of GET /__admin/me for a team.
'use strict';

/** "10:02:11" for today, the date too for another day. */
function progressTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toDateString() === new Date().toDateString() ? date.toLocaleTimeString() : date.toLocaleString();
}

/** The request that showed a step: a link that opens it while it is still held, else its line alone. */
function requestLink(request, open) {
  const text = `${request.method} ${request.target}`;
  return request.held
    ? el('a', { href: '#', class: 'mono', title: text, onclick: (event) => { event.preventDefault(); open(request.id); } }, text)
    : el('span', { class: 'mono', title: `${text} (no longer held: evicted, or another run of the server)`, text });
}

/** Said of a request that is the team's by the address it came from, not by an identifier it carried. */
function byAddressMark(request) {
  return request.byAddress ? el('span', {
    class: 'by-address', text: ' · by address',
    title: 'It carried no identifier: it counts as the team\'s because it came from the address the team was last seen at.',
  }) : null;
}

function evidenceLink(request, open) {
  return el('span', { class: 'evidence' }, requestLink(request, open), byAddressMark(request));
}

function mistakeLine(mistake, open) {
  if (!mistake) return null;
  return el('div', { class: 'step-mistake' },
    el('span', { class: statusClass(mistake.request.status), text: mistake.request.status }), ' ',
    el('strong', { text: mistake.kind }), ': ', mistake.message, ' ', evidenceLink(mistake.request, open));
}
