// Persistence: versioned JSON in localStorage (a corrupt entry is set aside, never trusted and never
// silently deleted) and the position in the URL ("#rule=renju&moves=h8,i9,h10"; no rule is freestyle; a set-up
// position: "#moves=b:h8,w:i9,to:black,h9").
// Reasons are in the page's language, and can be given again after a language change (`refusal`).

import { t } from './i18n.js';
import { recordOfState } from './game.js';
import { refusalText } from './refusals.js';

export const GAME_KEY = 'gomoku.game';
export const SETTINGS_KEY = 'gomoku.settings';
export const VIEW_KEY = 'gomoku.view';
/** Format 2 added the rule; a format-1 entry is a freestyle game. */
export const GAME_VERSION = 2;
const MODES = ['hva', 'hvh', 'ava'];
const RULES = ['freestyle', 'standard', 'renju'];
const COLORS = ['black', 'white'];

/** An entry longer than this is not parsed at all (a saved game of 225 moves is under 1,000 characters). */
export const MAX_ENTRY_CHARS = 20000;
/** Longest record handed to the engine (its own limit is 4096 bytes; a full board needs 899 characters). */
export const MAX_RECORD_CHARS = 4096;
/** Longest pasted text or link read (move numbers and commas included). */
export const MAX_INPUT_CHARS = 20000;
/** Keys a corrupt entry may be set aside under: KEY.corrupt, KEY.corrupt.2, … KEY.corrupt.5. */
const ASIDE_SLOTS = 5;

/** Keys whose corrupt entry could not be set aside: left in place, and never overwritten. */
const held = new Set();

/**
 * An Error whose reason follows the language: `text()` gives it in the current language (the message is the
 * text when it was made), and `err.localized()` gives it again later (js/refusals.js reads it).
 */
export function refusal(text) {
  return Object.assign(new Error(text()), { localized: text });
}

/**
 * Reads a JSON entry and checks it with `parse` (which throws on anything unexpected).
 * Returns {value} (null when absent), or, when the entry cannot be used, {value: null, error, asideKey}
 * (`error()` gives the reason in the current language):
 * the entry has been moved to `asideKey` (the first free of KEY.corrupt, KEY.corrupt.2, …), so it is
 * reported once and kept for inspection. When no slot is free or storage refuses the copy, asideKey is
 * null: the entry stays where it is and writeStored() leaves that key alone from then on.
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
    if (raw.length > MAX_ENTRY_CHARS) throw refusal(() => t('page.reason.tooLongChars', { n: raw.length }));
    let data;
    try {
      data = JSON.parse(raw);
    } catch {
      throw refusal(() => t('page.reason.notJson'));
    }
    return { value: parse(data) };
  } catch (err) {
    return { value: null, error: () => refusalText(err), asideKey: setAside(key, raw) };
  }
}

/** Moves a corrupt entry to a free KEY.corrupt… key; returns that key, or null when it stays in place. */
function setAside(key, raw) {
  let slot = null;
  try {
    for (let i = 1; i <= ASIDE_SLOTS && slot === null; i++) {
      const candidate = i === 1 ? `${key}.corrupt` : `${key}.corrupt.${i}`;
      if (localStorage.getItem(candidate) === null) slot = candidate;
    }
  } catch {
    // fall through: held in place
  }
  if (slot !== null) {
    try {
      localStorage.setItem(slot, raw);
      localStorage.removeItem(key);
      return slot;
    } catch {
      // Quota. An entry too long to read may fit only once: move it (remove first), and put it back if
      // even that fails. A short entry is never removed before its copy exists.
      if (raw.length > MAX_ENTRY_CHARS && moveFirst(key, slot, raw)) return slot;
    }
  }
  held.add(key);
  return null;
}

function moveFirst(key, slot, raw) {
  try {
    localStorage.removeItem(key);
    localStorage.setItem(slot, raw);
    return true;
  } catch {
    try {
      localStorage.setItem(key, raw); // it was there a moment ago, so it fits again
    } catch {
      // nothing more can be done
    }
    return false;
  }
}

/** Saves a value as JSON; returns false when it was not saved (storage full or disabled, or the key is held). */
export function writeStored(key, value) {
  if (held.has(key)) return false;
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false; // the game still works, it is just not remembered
  }
}

/**
 * Checks that `data` is an object of format `version`; throws a readable reason otherwise.
 * `what` is the key naming the entry in messages ('page.what.savedGame', 'page.what.settingsEntry').
 */
export function checkVersion(data, version, what) {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw refusal(() => t('page.reason.notObject', { what: t(what), found: describe(data) }));
  }
  if (!('version' in data)) throw refusal(() => t('page.reason.noVersion'));
  const found = data.version;
  if (Number.isInteger(found) && found > version) {
    throw refusal(() => t('page.reason.newer', { found, version }));
  }
  if (found !== version) throw refusal(() => t('page.reason.unknownVersion', { found: clipJson(found), version }));
}

/** The saved-game format. */
export function gameEntry(record, mode, humanColor, rule = 'freestyle') {
  return { version: GAME_VERSION, moves: record, mode, humanColor, rule };
}

/**
 * Checks a saved game; `rules(record, rule)` is the engine's parseRecord (throws on an illegal record).
 * Returns {moves, mode, humanColor, rule} with the moves normalised. Throws a readable reason otherwise.
 * A format-1 entry (before rules could be chosen) is a freestyle game.
 */
export function parseGameEntry(data, rules) {
  const old = typeof data === 'object' && data !== null && data.version === 1;
  if (!old) checkVersion(data, GAME_VERSION, 'page.what.savedGame');
  const rule = old ? 'freestyle' : data.rule;
  if (!RULES.includes(rule)) throw refusal(() => t('page.reason.unknownRule', { rule: clipJson(rule) }));
  for (const [field, key] of [['moves', 'movesMissing'], ['mode', 'modeMissing'], ['humanColor', 'colourMissing']]) {
    if (!(field in data)) throw refusal(() => t(`page.reason.${key}`));
  }
  if (typeof data.moves !== 'string') throw refusal(() => t('page.reason.movesNotText', { found: describe(data.moves) }));
  if (data.moves.length > MAX_RECORD_CHARS) throw refusal(() => t('page.reason.movesTooLong', { n: data.moves.length }));
  if (!MODES.includes(data.mode)) throw refusal(() => t('page.reason.unknownMode', { mode: clipJson(data.mode) }));
  if (!COLORS.includes(data.humanColor)) throw refusal(() => t('page.reason.unknownColour', { colour: clipJson(data.humanColor) }));
  let state;
  try {
    state = rules(data.moves, rule);
  } catch (err) {
    throw refusal(() => t('page.reason.illegal', { reason: clip(refusalText(err)) }));
  }
  return { moves: recordOfState(state), mode: data.mode, humanColor: data.humanColor, rule };
}

/**
 * Turns pasted text into a record: accepts spaces or commas between moves and ignores
 * move numbers such as "1." so that "1. h8 2. i9" and "h8,i9" both read as "h8 i9".
 * Throws when the text is too long to be a game (it is then not handed to the engine at all).
 */
export function normalizeRecordText(text) {
  const raw = String(text);
  if (raw.length > MAX_INPUT_CHARS) throw refusal(() => t('page.reason.tooLongChars', { n: raw.length }));
  const record = raw
    .split(/[\s,;]+/)
    .filter((token) => token && !/^\d+\.$/.test(token))
    .join(' ');
  if (record.length > MAX_RECORD_CHARS) throw refusal(() => t('page.reason.tooLongMoves', { n: record.split(' ').length }));
  return record;
}

/** The text of the URL's "moves=" parameter (not yet checked), or null when the URL has none. */
export function recordFromHash(hash = location.hash) {
  return new URLSearchParams(hash.replace(/^#/, '')).get('moves');
}

/**
 * The rule named in the URL: 'freestyle' when the URL has moves but no rule, null when it has neither.
 * Throws on a rule this page does not know.
 */
export function ruleFromHash(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const rule = params.get('rule');
  if (rule === null) return params.has('moves') ? 'freestyle' : null;
  if (!RULES.includes(rule)) throw refusal(() => t('page.reason.theRuleUnknown', { rule: clipJson(rule) }));
  return rule;
}

/** The URL (same page) that reopens a record under a rule (freestyle is left out). */
export function urlForRecord(record, rule = 'freestyle') {
  const url = new URL(location.href);
  const parts = [];
  if (rule !== 'freestyle') parts.push(`rule=${rule}`);
  if (record || parts.length) parts.push(`moves=${record.split(' ').filter(Boolean).join(',')}`);
  url.hash = parts.join('&');
  return url.href.replace(/#$/, '');
}

/** Keeps the address bar in step with the game, without adding history entries. */
export function writeHash(record, rule = 'freestyle') {
  const url = urlForRecord(record, rule);
  if (url !== location.href) history.replaceState(null, '', url);
}

/** Shortens text from records, links or storage for a message (whole, if short). */
export function clip(text, max = 120) {
  const s = String(text);
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}

function clipJson(value) {
  return clip(JSON.stringify(value) ?? String(value), 40);
}

function describe(value) {
  if (value === null) return t('page.found.null');
  if (Array.isArray(value)) return t('page.found.list');
  if (value === undefined) return t('page.found.nothing');
  return typeof value === 'object' ? t('page.found.object') : t('page.found.type', { type: typeof value });
}

/**
 * The game to start with: the saved game, then the position in the URL if it carries one (under the link's
 * rule). `rules(record, rule)` parses a record (throws when illegal; js/refusals.js says why), `rule` is the
 * rule in force before. What cannot be restored is pushed to `problems` (functions
 * giving the text), never trusted. Returns {mode?, humanColor?, rule, record?}: record only when a game was found.
 */
export function restoreGame({ rules, rule, problems }) {
  const found = { rule };
  const saved = readStored(GAME_KEY, (data) => parseGameEntry(data, rules));
  if (saved.error) {
    problems.push(() => `${t('page.error.savedGame', { reason: saved.error() })} ${saved.asideKey
      ? t('page.error.keptAside', { key: saved.asideKey })
      : t('page.error.noRoomGame', { key: GAME_KEY })}`);
  } else if (saved.value) {
    const { mode, humanColor, rule: savedRule, moves } = saved.value;
    Object.assign(found, { mode, humanColor, rule: savedRule, record: moves });
  }
  const fromUrl = recordFromHash();
  if (fromUrl !== null) {
    let linkRule = found.rule;
    let record = '';
    try {
      linkRule = ruleFromHash();
      record = normalizeRecordText(fromUrl);
      rules(record, linkRule); // check before anything changes
      Object.assign(found, { rule: linkRule, record });
    } catch (err) {
      problems.push(() => t('page.error.linkPosition', { reason: clip(refusalText(err)) }));
    }
  }
  return found;
}
