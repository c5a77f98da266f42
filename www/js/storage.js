// Persistence: versioned JSON in localStorage (a corrupt entry is set aside, never trusted)
// and the position in the URL ("#moves=h8,i9,h10").

export const GAME_KEY = 'gomoku.game';
export const SETTINGS_KEY = 'gomoku.settings';
export const VIEW_KEY = 'gomoku.view';
const GAME_VERSION = 1;
const MODES = ['hva', 'hvh', 'ava'];
const COLORS = ['black', 'white'];

/**
 * Reads a JSON entry and checks it with `parse` (which throws on anything unexpected).
 * Returns {value} (null when absent), or {value: null, error, asideKey} when the entry was corrupt:
 * it is then copied to `asideKey` and removed, so it is reported once and kept for inspection.
 */
export function readStored(key, parse) {
  let raw;
  try {
    raw = localStorage.getItem(key);
  } catch {
    return { value: null }; // storage disabled: behave as if nothing was saved
  }
  if (raw === null) return { value: null };
  try {
    return { value: parse(JSON.parse(raw)) };
  } catch (err) {
    const asideKey = `${key}.corrupt`;
    try {
      localStorage.setItem(asideKey, raw);
      localStorage.removeItem(key);
    } catch {
      // Storage full or disabled: the entry stays, and is reported again next time.
    }
    return { value: null, error: err.message, asideKey };
  }
}

export function writeStored(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the game still works, it is just not remembered.
  }
}

/** The saved-game format. */
export function gameEntry(record, mode, humanColor) {
  return { version: GAME_VERSION, moves: record, mode, humanColor };
}

/**
 * Checks a saved game; `rules` is the engine's parseRecord (throws on an illegal record).
 * Returns {moves, mode, humanColor} with the moves normalised.
 */
export function parseGameEntry(data, rules) {
  if (typeof data !== 'object' || data === null) throw new Error('not an object');
  if (data.version !== GAME_VERSION) throw new Error(`unknown version ${JSON.stringify(data.version)}`);
  if (typeof data.moves !== 'string') throw new Error('moves is not a string');
  if (!MODES.includes(data.mode)) throw new Error(`unknown mode ${JSON.stringify(data.mode)}`);
  if (!COLORS.includes(data.humanColor)) throw new Error(`unknown colour ${JSON.stringify(data.humanColor)}`);
  const state = rules(data.moves);
  return { moves: state.moves.join(' '), mode: data.mode, humanColor: data.humanColor };
}

/**
 * Turns pasted text into a record: accepts spaces or commas between moves and ignores
 * move numbers such as "1." so that "1. h8 2. i9" and "h8,i9" both read as "h8 i9".
 */
export function normalizeRecordText(text) {
  return String(text)
    .split(/[\s,;]+/)
    .filter((token) => token && !/^\d+\.$/.test(token))
    .join(' ');
}

/** The record carried by the URL, or null when the URL has none. */
export function recordFromHash(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const moves = params.get('moves');
  return moves === null ? null : normalizeRecordText(moves);
}

/** The URL (same page) that reopens a record. */
export function urlForRecord(record) {
  const url = new URL(location.href);
  url.hash = record ? `moves=${record.split(' ').join(',')}` : '';
  return url.href.replace(/#$/, '');
}

/** Keeps the address bar in step with the game, without adding history entries. */
export function writeHash(record) {
  const url = urlForRecord(record);
  if (url !== location.href) history.replaceState(null, '', url);
}
