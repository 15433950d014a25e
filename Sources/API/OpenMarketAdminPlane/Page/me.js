// A team's own page: its requests as they arrive and one in full, drawn by the admin page's own code (page.js,
// loaded first), read from /__admin/me, which answers only the signed-in team's data.
'use strict';

// A page opened as http://user:secret@host/__admin/me/ resolves a relative URL with the credentials in it, which
// fetch refuses; the origin has none, and the browser still sends the ones it signed in with.
const ME = `${window.location.origin}/__admin/me`;

async function loadMine() {
  const mine = await apiJSON(ME);
  const team = mine.team;
  $('team-summary').textContent = `${team.name} · ${team.members.join(', ')}`;
  document.title = `OpenMarket · ${team.name}`;
  applyMine(mine.requests);
  renderSteps(mine.progress);
  const products = mine.products || [];
  $('products-empty').hidden = products.length > 0;
  $('my-products').replaceChildren(...products.map((product) =>
    el('li', {}, el('strong', { text: product.name }), ` #${product.id} · ${formatMoney(product.price, product.currency)} · stock ${product.stock} · ${product.imageCount} images`)));
}

/** The team's steps, one line each: done (when, and the request that showed it) or what is left, a line per thing
 * to do in Korean and English; the step it is on marked, with its last mistake there. */
function renderSteps(progress) {
  $('steps-on').textContent = progress.on ? `· 지금 단계 now on ${progress.on}` : '· 모두 완료 all done';
  $('step-list').replaceChildren(...progress.steps.map((step) => {
    const here = progress.on === step.id;
    const head = el('div', { class: 'step-head' },
      el('span', { class: step.done ? 'step-mark done' : 'step-mark', text: step.done ? '✓' : '○' }), ' ',
      el('strong', { text: step.id }), ` ${step.koreanTitle} · ${step.title}`,
      here ? el('span', { class: 'on-marker', text: ' ◀ 지금 단계 · you are here' }) : null);
    const body = step.done
      ? el('div', { class: 'step-done' }, `완료 done ${progressTime(step.firstDone)} · `, evidenceLink(step.request, openMine))
      : el('ul', { class: 'step-left' }, step.left.map((fact) => el('li', {}, '남은 것: ', fact.korean, el('span', { class: 'muted', text: ` · left: ${fact.english}` }))));
    return el('li', { class: `step${step.done ? ' done' : ''}${here ? ' here' : ''}`, 'data-step': step.id },
      head, body, mistakeLine(step.lastMistake, openMine));
  }));
}

function applyMine(requests) {
  const known = new Set(journal.entries.map((entry) => entry.id));
  const fresh = requests.filter((entry) => !known.has(entry.id));
  const kept = new Set(requests.map((entry) => entry.id));
  for (const gone of journal.entries.filter((entry) => !kept.has(entry.id))) {
    gone.row.remove();
    if (gone.id === journal.openId) closeRequest();
  }
  journal.entries = journal.entries.filter((entry) => kept.has(entry.id));
  if (fresh.length) {
    const rows = document.createDocumentFragment();
    for (const entry of fresh) {
      entry.row = requestRow(entry);
      // The admin page's row opens through the admin API; a copy has none of its listeners, and opens the team's.
      const button = entry.row.firstChild.cloneNode(true);
      button.addEventListener('click', () => openMine(entry.id));
      entry.row.firstChild.replaceWith(button);
      rows.append(entry.row);
    }
    $('request-list').prepend(rows);
    journal.entries = fresh.concat(journal.entries);
  }
  $('request-count').textContent = `${journal.entries.length} requests`;
  $('requests-empty').hidden = journal.entries.length > 0;
}

async function openMine(id) {
  const detail = $('request-detail');
  try {
    const entry = await apiJSON(`${ME}/requests/${id}`);
    const body = entry.request.body;
    const bytes = body.base64 !== undefined
      ? Uint8Array.from(atob(body.base64), (char) => char.charCodeAt(0))
      : new TextEncoder().encode(body.text || '');
    releaseBlobs();
    journal.openId = id;
    detail.replaceChildren(...requestDetail(entry, bytes).filter(Boolean));
    detail.hidden = false;
    $('requests-split').classList.add('open');
    markOpenRow(id);
  } catch (error) {
    showError(error);
  }
}

async function resetMine() {
  if (!window.confirm("Delete all of your team's products? Other teams' products stay.")) return;
  try {
    const result = await (await api(`${ME}/reset`, { method: 'POST' })).json();
    window.alert(`${result.deleted} products deleted.`);
    await loadMine();
  } catch (error) {
    showError(error);
  }
}

async function pollMine() {
  if (!document.hidden) {
    try {
      await loadMine();
      clearError();
    } catch (error) {
      showError(error);
    }
  }
  setTimeout(pollMine, POLL_MS * 2);
}

$('alert-close').addEventListener('click', clearError);
$('reset-mine').addEventListener('click', resetMine);
document.addEventListener('keydown', (event) => { if (event.key === 'Escape') closeRequest(); });
pollMine();
