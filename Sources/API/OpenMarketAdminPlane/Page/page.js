// The admin page: the request journal as it grows, one request in full (a multipart body drawn from the server's
// own reading of it), the store, and the controls. Plain DOM, no framework; every text from the journal goes in
// through textContent, never as HTML, since it is whatever a client sent.
'use strict';

const POLL_MS = 1000;
const MAX_LIST = 10000; // the journal's largest page (JournalQuery.maxLimit)
const STORE_PAGE_SIZE = 24;

const $ = (id) => document.getElementById(id);

/** An element with attributes (`class`, `text`, event handlers as `onclick`, others as attributes) and children. */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === 'class') node.className = value;
    else if (name === 'text') node.textContent = value;
    else if (name.startsWith('on')) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// ---- The admin API ----

/** Thrown for any answer but 2xx/304, with the server's own `{"error": ...}` message. */
class AdminFailure extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function api(path, options = {}) {
  let response;
  try {
    response = await fetch(path, { ...options, cache: 'no-store' });
  } catch (error) {
    throw new AdminFailure(0, `the server did not answer ${options.method || 'GET'} ${path} (is it still running?)`);
  }
  if (response.ok || response.status === 304) return response;
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.error) message = body.error;
  } catch (_) { /* not JSON: the status says it */ }
  throw new AdminFailure(response.status, message);
}

async function apiJSON(path, options) {
  return (await api(path, options)).json();
}

function sendJSON(method, path, value) {
  return api(path, { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(value) });
}

function showError(error) {
  $('alert-text').textContent = error instanceof AdminFailure || error instanceof Error ? error.message : String(error);
  $('alert').hidden = false;
}

function clearError() {
  $('alert').hidden = true;
}

// ---- Views ----

const views = ['requests', 'store', 'controls'];
let currentView = 'requests';

function showView(name) {
  currentView = name;
  for (const view of views) {
    $(`view-${view}`).hidden = view !== name;
    $(`tab-${view}`).setAttribute('aria-selected', String(view === name));
    $(`tab-${view}`).tabIndex = view === name ? 0 : -1;
  }
  if (name === 'store') loadStore().catch(showError);
  if (name === 'controls') loadControls().catch(showError);
  if (name === 'requests') schedulePoll(0);
}

// ---- Formatting ----

function statusClass(status) {
  const hundreds = Math.floor(status / 100);
  return `status s${hundreds >= 2 && hundreds <= 5 ? hundreds : 0}`;
}

function formatDuration(micros) {
  if (micros < 1000) return `${micros} µs`;
  if (micros < 1e6) return `${(micros / 1000).toFixed(micros < 10000 ? 1 : 0)} ms`;
  return `${(micros / 1e6).toFixed(2)} s`;
}

function formatTime(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString();
}

function formatBytes(count) {
  if (count < 1024) return `${count} B`;
  if (count < 1024 * 1024) return `${(count / 1024).toFixed(1)} KiB`;
  return `${(count / 1024 / 1024).toFixed(1)} MiB`;
}

function formatMoney(amount, currency) {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch (_) {
    return `${amount.toLocaleString()} ${currency}`;
  }
}

// ---- The request list: polled with ?after= and the journal's ETag, so an idle poll is a 304 ----

const journal = {
  entries: [], // newest first
  latestId: 0,
  entityTag: null,
  openId: null,
};
let pollTimer = null;

function schedulePoll(delay = POLL_MS) {
  clearTimeout(pollTimer);
  pollTimer = setTimeout(poll, delay);
}

async function poll() {
  if (document.hidden || currentView !== 'requests') return; // resumed by visibilitychange or the tab
  try {
    const headers = journal.entityTag ? { 'If-None-Match': journal.entityTag } : {};
    const response = await api(`/__admin/requests?after=${journal.latestId}&limit=${MAX_LIST}`, { headers });
    if (response.status !== 304) {
      journal.entityTag = response.headers.get('ETag');
      applyJournalPage(await response.json());
    }
  } catch (error) {
    showError(error);
  }
  schedulePoll();
}

function applyJournalPage(page) {
  if (page.latestId < journal.latestId) {
    // Ids started again: another run of the server.
    journal.entries = [];
    $('request-list').replaceChildren();
  }
  const oldest = page.oldestId === undefined ? Infinity : page.oldestId;
  // Entries below the oldest held were evicted or cleared (a reset clears the journal).
  while (journal.entries.length && journal.entries[journal.entries.length - 1].id < oldest) {
    const gone = journal.entries.pop();
    gone.row.remove();
    if (gone.id === journal.openId) closeRequest();
  }
  const fresh = page.requests.filter((entry) => entry.id > journal.latestId);
  if (fresh.length) {
    const rows = document.createDocumentFragment();
    for (const entry of fresh) {
      entry.row = requestRow(entry);
      rows.append(entry.row);
    }
    $('request-list').prepend(rows);
    journal.entries = fresh.concat(journal.entries);
  }
  journal.latestId = Math.max(journal.latestId, page.latestId);
  applyFilters();
  if (fresh.length) loadSummary().catch(showError);
}

function requestRow(entry) {
  const button = el('button', { type: 'button', 'data-id': entry.id, onclick: () => openRequest(entry.id) },
    el('span', { class: 'method', text: entry.method }),
    el('span', { class: statusClass(entry.status), text: entry.status }),
    el('span', { class: 'target mono', text: entry.target, title: entry.target }),
    el('span', { class: 'when', text: `${formatTime(entry.time)} · ${formatDuration(entry.durationMicros)}` }));
  return el('li', { 'data-id': entry.id }, button);
}

function applyFilters() {
  const method = $('filter-method').value;
  const path = $('filter-path').value.trim().toLowerCase();
  const statusClassWanted = $('filter-status').value;
  let shown = 0;
  for (const entry of journal.entries) {
    const visible = (!method || entry.method === method)
      && (!path || entry.target.toLowerCase().includes(path))
      && (!statusClassWanted || String(Math.floor(entry.status / 100)) === statusClassWanted);
    entry.row.hidden = !visible;
    if (visible) shown += 1;
  }
  const total = journal.entries.length;
  $('request-count').textContent = shown === total ? `${total} requests` : `${shown} of ${total} requests`;
  $('requests-empty').hidden = total > 0;
}

function visibleRows() {
  return journal.entries.filter((entry) => !entry.row.hidden).map((entry) => entry.row.firstChild);
}

/** j/k and the arrow keys move between rows, Home/End to the ends; Enter opens (the row is a button). */
function moveInList(event) {
  const keys = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1, Home: -Infinity, End: Infinity };
  if (!(event.key in keys) || event.target.tagName !== 'BUTTON') return;
  const rows = visibleRows();
  const index = rows.indexOf(event.target);
  const step = keys[event.key];
  const next = step === -Infinity ? 0 : step === Infinity ? rows.length - 1 : index + step;
  if (next >= 0 && next < rows.length) {
    rows[next].focus();
    event.preventDefault();
  }
}

// ---- One request in full ----

let blobURLs = [];

function releaseBlobs() {
  for (const url of blobURLs) URL.revokeObjectURL(url);
  blobURLs = [];
}

function blobURL(bytes, type) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  blobURLs.push(url);
  return url;
}

function markOpenRow(id) {
  for (const row of document.querySelectorAll('#request-list button[aria-current]')) row.removeAttribute('aria-current');
  const row = document.querySelector(`#request-list button[data-id="${id}"]`);
  if (row) row.setAttribute('aria-current', 'true');
}

async function openRequest(id) {
  const detail = $('request-detail');
  try {
    const entry = await apiJSON(`/__admin/requests/${id}`);
    const bytes = entry.request.body.size > 0
      ? new Uint8Array(await (await api(`/__admin/requests/${id}/request-body`)).arrayBuffer())
      : new Uint8Array(0);
    releaseBlobs();
    journal.openId = id;
    detail.replaceChildren(...requestDetail(entry, bytes).filter(Boolean));
    detail.hidden = false;
    detail.scrollTop = 0;
    $('requests-split').classList.add('open');
    markOpenRow(id);
    detail.focus();
  } catch (error) {
    showError(error);
  }
}

function closeRequest() {
  if (journal.openId === null) return;
  const id = journal.openId;
  journal.openId = null;
  releaseBlobs();
  $('request-detail').hidden = true;
  $('request-detail').replaceChildren();
  $('requests-split').classList.remove('open');
  const row = document.querySelector(`#request-list button[data-id="${id}"]`);
  if (row) {
    row.removeAttribute('aria-current');
    row.focus();
  }
}

function requestDetail(entry, bytes) {
  const request = entry.request;
  const response = entry.response;
  return [
    el('div', { class: 'detail-head' },
      el('h2', { id: 'detail-title', class: 'mono', text: request.line }),
      el('span', { class: statusClass(entry.status), text: entry.status }),
      el('button', { type: 'button', onclick: closeRequest, 'aria-label': 'Close this request (Escape)' }, 'Close')),
    el('p', { class: 'muted' },
      `#${entry.id} · ${new Date(entry.time).toLocaleString()} · ${formatDuration(entry.durationMicros)} · from ${entry.clientAddress}`,
      entry.fault ? ` · fault: ${entry.fault}` : ''),
    el('h3', { text: 'Request headers' }),
    headerList(request.headers),
    el('h3', { text: `Request body (${formatBytes(request.body.size)})` }),
    truncationNote(request.body),
    request.multipart ? multipartView(request.multipart, bytes, response) : bodyView(request.body, request.headers),
    el('h3', { text: `Response ${response.status} ${response.reason}` }),
    response.error ? el('p', {}, 'Message the app got: ', el('strong', { text: response.error })) : null,
    headerList(response.headers),
    el('h4', { text: `Response body (${formatBytes(response.body.size)})` }),
    truncationNote(response.body),
    bodyView(response.body, response.headers),
  ];
}

function headerList(headers) {
  return el('dl', { class: 'header-list' },
    headers.map((header) => [el('dt', { text: header.name }), el('dd', { text: header.value })]));
}

function truncationNote(body) {
  return body.truncated ? el('p', { class: 'muted', text: 'The journal kept only the first part of this body.' }) : null;
}

function headerValue(headers, name) {
  const found = headers.find((header) => header.name.toLowerCase() === name.toLowerCase());
  return found ? found.value : '';
}

/** `text` indented when it is JSON, else null. */
function prettyJSON(text) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch (_) {
    return null;
  }
}

/** JSON pretty-printed, other text as it is, binary as hex. */
function bodyView(body, headers) {
  if (body.size === 0) return el('p', { class: 'muted', text: 'No body.' });
  if (body.text !== undefined) {
    const pretty = /json/i.test(headerValue(headers, 'Content-Type')) || /^\s*[{[]/.test(body.text) ? prettyJSON(body.text) : null;
    return el('div', { class: 'body-box' }, el('pre', { text: pretty ?? body.text }));
  }
  const bytes = Uint8Array.from(atob(body.base64), (char) => char.charCodeAt(0));
  const type = headerValue(headers, 'Content-Type');
  if (type.startsWith('image/')) {
    return el('div', { class: 'body-box' }, el('img', { src: blobURL(bytes, type), alt: `the ${type} body` }));
  }
  return el('div', { class: 'body-box' }, el('pre', { class: 'hex' }, hexLines(bytes, 0, 512)));
}

// ---- A multipart body, drawn from the server's reading (segments, parts, rejection, advice) ----

const textDecoder = new TextDecoder('utf-8', { fatal: true });

function isText(bytes) {
  try {
    const text = textDecoder.decode(bytes);
    return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
  } catch (_) {
    return false;
  }
}

/** Text with its line ends made visible: ␍ for \r, ␊ for \n (then a real line break). */
function visibleText(text) {
  const nodes = [];
  let plain = '';
  for (const char of text) {
    if (char === '\r' || char === '\n') {
      if (plain) nodes.push(plain);
      plain = '';
      nodes.push(el('span', { class: 'crlf', text: char === '\r' ? '\\r' : '\\n' }));
      if (char === '\n') nodes.push('\n');
    } else {
      plain += char;
    }
  }
  if (plain) nodes.push(plain);
  return nodes;
}

/** How many bytes the UTF-8 sequence led by `byte` has; 0 for a byte that cannot lead one. */
function sequenceLength(byte) {
  if (byte < 0x80) return 1;
  if (byte >= 0xc2 && byte < 0xe0) return 2;
  if (byte >= 0xe0 && byte < 0xf0) return 3;
  if (byte >= 0xf0 && byte < 0xf5) return 4;
  return 0;
}

/** Bytes as text where they are UTF-8 text (a window cut mid-character included), other bytes as <XX>, with
 * line ends visible. */
function visibleBytes(bytes) {
  let text = '';
  let index = 0;
  while (index < bytes.length) {
    const byte = bytes[index];
    const length = sequenceLength(byte);
    const printable = length > 1 || byte === 0x0d || byte === 0x0a || byte === 0x09 || (byte >= 0x20 && byte < 0x7f);
    if (printable && index + length <= bytes.length) {
      try {
        text += textDecoder.decode(bytes.subarray(index, index + length));
        index += length;
        continue;
      } catch (_) { /* not a whole character: shown as a byte */ }
    }
    text += `<${byte.toString(16).padStart(2, '0')}>`;
    index += 1;
  }
  return visibleText(text);
}

function hexLines(bytes, start, limit) {
  const lines = [];
  const end = Math.min(bytes.length, limit);
  for (let offset = 0; offset < end; offset += 16) {
    const row = Array.from(bytes.subarray(offset, Math.min(offset + 16, end)), (byte) => byte.toString(16).padStart(2, '0'));
    lines.push(`${String(start + offset).padStart(8, ' ')}  ${row.join(' ')}`);
  }
  if (bytes.length > end) lines.push(`… ${bytes.length - end} more bytes`);
  return lines.join('\n');
}

function segmentTitle(segment, part) {
  switch (segment.kind) {
    case 'preamble': return 'Preamble (skipped by the server)';
    case 'delimiter': return 'Delimiter line';
    case 'closing': return 'Closing delimiter';
    case 'rest': return 'Not read as parts (from where the server stopped)';
    case 'headers': return `Part ${segment.part} headers and the blank line`;
    case 'content': {
      if (!part) return `Part ${segment.part} content`;
      const what = [part.filename ? `file “${part.filename}”` : null, part.declaredContentType,
        part.sniffedContentType && part.sniffedContentType !== part.declaredContentType ? `looks like ${part.sniffedContentType}` : null];
      return `Part ${segment.part} “${part.name}” content${what.filter(Boolean).length ? ` — ${what.filter(Boolean).join(', ')}` : ''}`;
    }
    default: return segment.kind;
  }
}

function segmentBody(segment, part, bytes) {
  if (segment.kind !== 'content') return el('pre', {}, visibleBytes(bytes));
  const imageType = part && (part.sniffedContentType || '').startsWith('image/') ? part.sniffedContentType : null;
  if (imageType) return el('img', { src: blobURL(bytes, imageType), alt: `part ${segment.part}: ${part.filename || part.name}` });
  if (isText(bytes)) {
    const text = textDecoder.decode(bytes);
    const pretty = prettyJSON(text);
    // Pretty-printed JSON gets line breaks the body does not have: those are not marked as \n.
    return pretty === null ? el('pre', {}, visibleText(text))
      : el('div', {}, el('pre', { text: pretty }), el('p', { class: 'muted note', text: 'JSON, pretty-printed' }));
  }
  return el('pre', { class: 'hex' }, hexLines(bytes, segment.start, 256));
}

function multipartView(reading, bytes, response) {
  const partsByIndex = new Map((reading.parts || []).map((part) => [part.index, part]));
  const segments = (reading.segments || []).map((segment) => {
    const part = partsByIndex.get(segment.part);
    return el('div', { class: `segment ${segment.kind}`, 'data-kind': segment.kind, 'data-start': segment.start },
      el('div', { class: 'segment-label' },
        el('strong', { text: segmentTitle(segment, part) }),
        el('span', { class: 'mono', text: `bytes ${segment.start}–${segment.end} (${segment.end - segment.start})` })),
      segmentBody(segment, part, bytes.subarray(segment.start, segment.end)));
  });
  return el('div', { class: 'multipart' },
    el('p', {}, 'Boundary: ', el('code', { text: reading.boundary === undefined ? '(none in the Content-Type)' : reading.boundary }),
      ` · ${(reading.parts || []).length} parts read by the server`),
    reading.rejection ? rejectionView(reading, bytes, response) : null,
    segments.length ? el('div', { class: 'segments' }, segments) : null,
    !reading.rejection && reading.advice && reading.advice.length ? adviceList(reading.advice) : null);
}

function adviceList(advice) {
  return el('div', {}, el('h4', { text: 'How to fix it' }), el('ul', {}, advice.map((line) => el('li', { text: line }))));
}

/** The refusal: where it is, the bytes around it with the offending byte marked, the message and the fix. A request
 * the server refused before reading its body (a wrong identifier, say) got another message: both are shown. */
function rejectionView(reading, bytes, response) {
  const rejection = reading.rejection;
  const where = rejection.offset === undefined ? 'in the Content-Type header'
    : `at byte ${rejection.offset}${rejection.part ? ` (part ${rejection.part}${rejection.partName ? ` “${rejection.partName}”` : ''})` : ''}`;
  const refusedEarlier = response.error && response.error !== rejection.message;
  return el('section', { class: 'rejection', 'data-offset': rejection.offset === undefined ? '' : rejection.offset },
    el('h4', {}, refusedEarlier ? 'The body would be refused ' : 'Refused ',
      el('span', { class: 'rejection-where', text: where }), ` — ${rejection.kind}`),
    refusedEarlier
      ? el('p', {}, `The server answered ${response.status} before reading the body: `,
        el('strong', { text: response.error }), '. Once that is fixed, the body itself would get: ',
        el('strong', { text: rejection.message }))
      : el('p', {}, 'The message the app got: ', el('strong', { text: response.error || rejection.message })),
    rejection.offset === undefined ? null : bytesAround(bytes, rejection.offset),
    reading.advice && reading.advice.length ? adviceList(reading.advice) : null,
    reading.correctBodySketch ? el('div', {}, el('h4', { text: 'A correct body for the same parts' }),
      el('pre', { class: 'around sketch' }, sketchText(reading.correctBodySketch))) : null);
}

/** The sketch already writes each CRLF as the text \r\n (its real line breaks are only for reading): coloured
 * like the body's own. */
function sketchText(sketch) {
  return sketch.split('\\r\\n').flatMap((piece, index) =>
    index === 0 ? [piece] : [el('span', { class: 'crlf', text: '\\r\\n' }), piece]);
}

/** Moves `index` back to the start of the UTF-8 character it falls in, so a window never cuts one. */
function characterStart(bytes, index) {
  let start = index;
  while (start > 0 && start > index - 3 && start < bytes.length && (bytes[start] & 0xc0) === 0x80) start -= 1;
  return start;
}

function bytesAround(bytes, offset) {
  const start = characterStart(bytes, Math.max(0, offset - 64));
  const end = characterStart(bytes, Math.min(bytes.length, offset + 64));
  const at = Math.min(offset, bytes.length);
  const marked = at < bytes.length
    ? el('mark', { class: 'error-at', title: `byte ${at}` }, visibleBytes(bytes.subarray(at, at + 1)))
    : el('mark', { class: 'error-at', title: 'the end of the body', text: '⟂ end' });
  return el('div', {},
    el('p', { class: 'muted', text: `Bytes ${start}–${end}, the marked one is byte ${at}:` }),
    el('pre', { class: 'around' },
      start > 0 ? '…' : '', visibleBytes(bytes.subarray(start, at)), marked,
      visibleBytes(bytes.subarray(Math.min(at + 1, end), end)), end < bytes.length ? '…' : ''));
}

// ---- The store, read through /__admin/products (never the API, so the journal stays the app's) ----

const store = { page: 1, openId: null };

/** A picture that does not load says so in its text. */
function showImage(img, url) {
  img.addEventListener('error', () => { img.alt = `${img.alt} (not loaded)`; }, { once: true });
  img.src = url;
}

async function loadStore() {
  const data = await apiJSON(`/__admin/products?page=${store.page}&size=${STORE_PAGE_SIZE}`);
  loadSummary().catch(showError);
  if (data.products.length === 0 && store.page > 1) {
    store.page = 1;
    return loadStore();
  }
  const pages = Math.max(1, Math.ceil(data.total / STORE_PAGE_SIZE));
  $('store-page').textContent = `${data.total} products · page ${store.page} of ${pages}`;
  $('store-newer').disabled = store.page <= 1;
  $('store-older').disabled = store.page >= pages;
  $('store-empty').hidden = data.total > 0;
  $('product-grid').replaceChildren(...data.products.map(productCard));
  closeProduct(false);
}

function priceLine(product) {
  const discounted = product.discountedPrice > 0;
  return el('div', { class: 'price-line' },
    discounted ? el('span', { class: 'original', text: formatMoney(product.price, product.currency) }) : null,
    discounted ? ' ' : null,
    el('span', { class: 'price', text: formatMoney(product.bargainPrice, product.currency) }),
    discounted && product.price > 0
      ? el('span', { class: 'off', text: ` −${Math.round((product.discountedPrice / product.price) * 100)}%` }) : null);
}

function stockLine(product) {
  return product.stock === 0
    ? el('div', { class: 'stock sold-out', text: '품절 · sold out' })
    : el('div', { class: 'stock', text: `잔여수량 ${product.stock.toLocaleString()}` });
}

function productCard(product) {
  const img = el('img', { class: 'thumb', alt: product.name, width: 150, height: 150 });
  if (product.thumbnail) showImage(img, product.thumbnail);
  return el('li', {},
    el('button', { type: 'button', class: 'card', 'data-id': product.id, onclick: () => openProduct(product.id) },
      img, el('span', { class: 'name', text: product.name }), priceLine(product), stockLine(product)));
}

async function openProduct(id) {
  try {
    const product = await apiJSON(`/__admin/products/${id}`);
    store.openId = id;
    const images = product.images.map((image) => {
      const img = el('img', { alt: `${product.name}, image ${image.position + 1} of ${product.images.length}` });
      showImage(img, image.url);
      return img;
    });
    const detail = $('product-detail');
    detail.replaceChildren(
      el('div', { class: 'detail-head' },
        el('h2', { id: 'product-title', text: product.name }),
        el('button', { type: 'button', onclick: () => closeProduct(true), 'aria-label': 'Close this product (Escape)' }, 'Close')),
      el('p', { class: 'muted', text: `#${product.id}${product.vendor ? ` · ${product.vendor}` : ''} · ${new Date(product.registeredAt).toLocaleString()}` }),
      priceLine(product), stockLine(product),
      el('div', { class: 'product-images' }, images),
      el('p', { class: 'description', text: product.description }));
    detail.hidden = false;
    detail.scrollIntoView({ block: 'nearest' });
    detail.focus();
  } catch (error) {
    showError(error);
  }
}

function closeProduct(refocus) {
  const id = store.openId;
  store.openId = null;
  $('product-detail').hidden = true;
  $('product-detail').replaceChildren();
  if (refocus && id !== null) {
    const card = document.querySelector(`#product-grid button[data-id="${id}"]`);
    if (card) card.focus();
  }
}

// ---- Controls ----

async function loadControls() {
  const [latency, faults, network] = await Promise.all(
    [apiJSON('/__admin/latency'), apiJSON('/__admin/faults'), apiJSON('/__admin/network')]);
  showNetwork(network);
  $('latency-min').value = latency.minMs;
  $('latency-max').value = latency.maxMs;
  $('latency-now').textContent = latency.maxMs === 0 ? 'Now: none.' : `Now: ${latency.minMs}–${latency.maxMs} ms.`;
  $('fault-list').replaceChildren(...faults.faults.map((fault) => el('li', {},
    el('code', { text: describeFault(fault) }),
    el('button', { type: 'button', onclick: () => removeFault(fault.id), 'aria-label': `Remove fault ${fault.id}` }, 'Remove'))));
  $('faults-empty').hidden = faults.faults.length > 0;
  $('faults-clear').disabled = faults.faults.length === 0;
}

const profileLabels = {
  unlimited: 'Unlimited', edge: 'Edge', '3g': '3G', 'very-bad-network': 'Very Bad Network', dsl: 'DSL', wifi: 'Wi-Fi',
  lte: 'LTE',
};

function rateText(bytesPerSecond) {
  if (bytesPerSecond === null) return 'unlimited';
  return bytesPerSecond >= 1e6 ? `${bytesPerSecond / 1e6} MB/s` : `${bytesPerSecond / 1e3} KB/s`;
}

/** One switch per profile, the one in effect pressed; the rates in the fields. */
function showNetwork(network) {
  $('network-profiles').replaceChildren(...network.profiles.map((profile) => el('button', {
    type: 'button', 'aria-pressed': String(network.profile === profile.name),
    title: `down ${rateText(profile.downloadBytesPerSecond)}, up ${rateText(profile.uploadBytesPerSecond)}, ${profile.latencyMs} ms`,
    onclick: () => control(() => sendJSON('PUT', '/__admin/network', { profile: profile.name })),
  }, profileLabels[profile.name] || profile.name)));
  $('network-download').value = network.downloadBytesPerSecond ?? '';
  $('network-upload').value = network.uploadBytesPerSecond ?? '';
  $('network-now').textContent = `Now: down ${rateText(network.downloadBytesPerSecond)}, up ${rateText(network.uploadBytesPerSecond)}.`;
}

function setNetwork(event) {
  event.preventDefault();
  return control(() => sendJSON('PUT', '/__admin/network', {
    downloadBytesPerSecond: numberField('network-download') ?? null, uploadBytesPerSecond: numberField('network-upload') ?? null,
  }));
}

function describeFault(fault) {
  return [`#${fault.id}`, fault.method || 'any', fault.path, '→', fault.action,
    fault.status ? String(fault.status) : null, fault.delayMs ? `after ${fault.delayMs} ms` : null,
    fault.times ? `${fault.times} more times` : null,
    fault.probability !== undefined ? `probability ${fault.probability}` : null].filter(Boolean).join(' ');
}

async function control(action) {
  clearError();
  try {
    await action();
    await loadControls();
  } catch (error) {
    showError(error);
  }
}

function removeFault(id) {
  return control(() => api(`/__admin/faults/${id}`, { method: 'DELETE' }));
}

function numberField(id) {
  const text = $(id).value.trim();
  return text === '' ? undefined : Number(text);
}

function addFault(event) {
  event.preventDefault();
  const fault = { path: $('fault-path').value.trim(), action: $('fault-action').value };
  if ($('fault-method').value) fault.method = $('fault-method').value;
  for (const [key, id] of [['status', 'fault-status'], ['times', 'fault-times'], ['probability', 'fault-probability']]) {
    const value = numberField(id);
    if (value !== undefined) fault[key] = value;
  }
  return control(() => sendJSON('POST', '/__admin/faults', fault));
}

function setLatency(event) {
  event.preventDefault();
  return control(() => sendJSON('PUT', '/__admin/latency', { minMs: numberField('latency-min') ?? 0, maxMs: numberField('latency-max') ?? 0 }));
}

async function resetServer() {
  if (!window.confirm('Reset the server? The store is emptied (and seeded again if it was), the journal and the faults are cleared.')) return;
  clearError();
  try {
    await api('/__admin/reset', { method: 'POST' });
    closeRequest();
    await Promise.all([loadSummary(), loadControls()]);
    store.page = 1;
    schedulePoll(0);
  } catch (error) {
    showError(error);
  }
}

async function loadSummary() {
  const health = await apiJSON('/__admin/health');
  const database = health.database || {};
  $('server-summary').textContent = `${health.generation} · ${health.version} · ${database.products ?? '?'} products`;
  if (health.journal && health.journal.capacity === 0) {
    $('requests-empty').textContent = 'The journal is off (the server was started with --journal 0): start it with --journal N to see requests here.';
  }
}

// ---- Wiring ----

/** The tabs: left and right arrows move between them and show the one reached, as a tab list does. */
function moveInTabs(event) {
  const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
  if (!step) return;
  const next = views[(views.indexOf(currentView) + step + views.length) % views.length];
  showView(next);
  $(`tab-${next}`).focus();
  event.preventDefault();
}

function onKeyDown(event) {
  if (event.key !== 'Escape') return;
  if (!$('request-detail').hidden) closeRequest();
  else if (!$('product-detail').hidden) closeProduct(true);
}

function start() {
  for (const view of views) $(`tab-${view}`).addEventListener('click', () => showView(view));
  document.querySelector('.tabs').addEventListener('keydown', moveInTabs);
  $('alert-close').addEventListener('click', clearError);
  for (const id of ['filter-method', 'filter-status']) $(id).addEventListener('change', applyFilters);
  $('filter-path').addEventListener('input', applyFilters);
  $('request-list').addEventListener('keydown', moveInList);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('visibilitychange', () => { if (!document.hidden) schedulePoll(0); });
  $('store-newer').addEventListener('click', () => { store.page -= 1; loadStore().catch(showError); });
  $('store-older').addEventListener('click', () => { store.page += 1; loadStore().catch(showError); });
  $('reset').addEventListener('click', resetServer);
  $('latency-form').addEventListener('submit', setLatency);
  $('latency-clear').addEventListener('click', () => control(() => sendJSON('PUT', '/__admin/latency', { minMs: 0, maxMs: 0 })));
  $('network-form').addEventListener('submit', setNetwork);
  $('fault-form').addEventListener('submit', addFault);
  $('faults-clear').addEventListener('click', () => control(() => api('/__admin/faults', { method: 'DELETE' })));
  loadSummary().catch(showError);
  showView('requests');
}

// The team's page (me.html) loads this file for its drawing and starts itself.
if ($('view-requests')) start();
