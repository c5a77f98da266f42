// The AI settings panel: a level (难度) over the raw settings, variety, values checked and clamped,
// remembered in localStorage, read afresh for every AI move. The levels come from the engine (levels() in
// the wasm API, defined once in src/search/level.rs); editing a raw setting makes the level 'custom'.

import { readStored, writeStored, checkVersion, clip, SETTINGS_KEY } from './storage.js';
import { t } from './i18n.js';

/** The level chosen on a first visit. */
export const DEFAULT_LEVEL = 'strong';
const CUSTOM = 'custom';
const SETTINGS_VERSION = 1; // level and variety were added as optional fields
const AI_TYPES = ['search', 'eval'];
const LIMITS = {
  depth: { min: 1, max: 30, label: 'page.depth' },
  width: { min: 1, max: 225, label: 'page.width' },
  timeMs: { min: 10, max: 600000, label: 'page.time' },
};

/** Clamps one numeric setting; returns the value (or null when it is not a number at all). */
function clampNumber(name, value) {
  const n = Math.round(Number(value));
  if (value === '' || value === null || !Number.isFinite(n)) return null;
  return Math.min(LIMITS[name].max, Math.max(LIMITS[name].min, n));
}

/**
 * Checks a stored settings entry; throws when it is not one. Returns {values, fixed}: values out of
 * range or of the wrong type are clamped or replaced by the default, and `fixed` says which (as functions
 * giving the text in the current language).
 */
function parseEntry(data, defaults, levelNames) {
  checkVersion(data, SETTINGS_VERSION, 'page.what.settingsEntry');
  const fixed = [];
  const values = { aiType: defaults.aiType };
  if (AI_TYPES.includes(data.aiType)) values.aiType = data.aiType;
  else if (data.aiType !== undefined) {
    const value = clip(JSON.stringify(data.aiType), 30);
    fixed.push(() => t('page.settings.fixed', { label: t('page.ai.type'), value, fixed: defaults.aiType }));
  }
  for (const [name, { label }] of Object.entries(LIMITS)) {
    const value = clampNumber(name, data[name]);
    values[name] = value ?? defaults[name];
    if (data[name] !== undefined && values[name] !== data[name]) {
      const value = clip(JSON.stringify(data[name]) ?? String(data[name]), 30);
      fixed.push(() => t('page.settings.fixed', { label: t(label), value, fixed: values[name] }));
    }
  }
  // Entries saved before levels existed have raw settings only: they are custom settings.
  values.level = CUSTOM;
  if (levelNames.includes(data.level)) values.level = data.level;
  else if (data.level !== undefined) {
    const value = clip(JSON.stringify(data.level), 30);
    fixed.push(() => t('page.settings.fixed', { label: t('reach.level'), value, fixed: t(`reach.level.${CUSTOM}`) }));
  }
  values.variety = data.variety !== false;
  return { values, fixed };
}

export class SettingsPanel {
  #form;
  #note;
  #noteText = null; // () => the note's text, re-read when the language changes
  #values;
  #levels; // name -> preset {mode, depth, width, timeMs, spread}
  #defaults;

  /**
   * @param {{form: HTMLFormElement, resetButton: HTMLButtonElement, note: HTMLElement,
   *          onProblem: (text: () => string) => void}} elements  onProblem reports a corrupt stored entry
   *          (as a function giving the text in the current language)
   */
  constructor({ form, resetButton, note, onProblem, levels }) {
    this.#form = form;
    this.#note = note;
    this.#levels = new Map(levels.map((l) => [l.name, l]));
    this.#defaults = { ...this.#presetValues(DEFAULT_LEVEL), level: DEFAULT_LEVEL, variety: true };
    const stored = readStored(SETTINGS_KEY, (data) => parseEntry(data, this.#defaults, [...this.#levels.keys(), CUSTOM]));
    if (stored.error) {
      onProblem(() => `${t('page.error.savedSettings', { reason: stored.error() })} ${stored.asideKey
        ? t('page.error.keptAside', { key: stored.asideKey })
        : t('page.error.noRoomSettings', { key: SETTINGS_KEY })}`);
    }
    this.#values = { ...this.#defaults, ...stored.value?.values };
    this.#fill();
    if (stored.value?.fixed.length) {
      const fixed = stored.value.fixed;
      this.#setNote(() => t('page.settings.corrected', { list: fixed.map((f) => f()).join(t('page.list.separator')) }));
      this.#save();
    }
    form.addEventListener('change', (event) => this.#onChange(event.target));
    form.addEventListener('submit', (event) => event.preventDefault());
    resetButton.addEventListener('click', () => {
      this.#values = { ...this.#defaults };
      this.#fill();
      this.#save();
      this.#setNote(() => t('page.settings.restored'));
    });
  }

  /**
   * The options for engine.search: the raw settings, the level's choice among near-best moves (spread), and
   * with variety on the game's seed.
   */
  engineOptions(gameSeed) {
    const { aiType, depth, width, timeMs, level, variety } = this.#values;
    const spread = this.#levels.get(level)?.spread ?? 0;
    return { mode: aiType, depth, width, timeMs, spread, ...(variety ? { seed: gameSeed } : {}) };
  }

  /** The raw settings of a level. */
  #presetValues(name) {
    const p = this.#levels.get(name);
    const clamp = (key, v) => clampNumber(key, v) ?? v;
    return { aiType: p.mode, depth: clamp('depth', p.depth), width: clamp('width', p.width), timeMs: clamp('timeMs', p.timeMs) };
  }

  #onChange(field) {
    const name = field.name;
    if (name === 'level') {
      if (this.#levels.has(field.value)) Object.assign(this.#values, this.#presetValues(field.value));
      this.#values.level = this.#levels.has(field.value) ? field.value : CUSTOM;
      this.#setNote(null);
    } else if (name === 'variety') {
      this.#values.variety = field.checked;
    } else if (name === 'aiType') {
      this.#values.aiType = AI_TYPES.includes(field.value) ? field.value : this.#defaults.aiType;
      this.#values.level = CUSTOM;
      this.#setNote(null);
    } else if (name in LIMITS) {
      this.#values.level = CUSTOM;
      const { min, max, label } = LIMITS[name];
      const value = clampNumber(name, field.value);
      if (value === null) {
        const kept = this.#values[name];
        this.#setNote(() => t('page.settings.notNumber', { label: t(label), min, max, value: kept }));
      } else if (value !== Number(field.value)) {
        this.#setNote(() => t('page.settings.clamped', { label: t(label), value, min, max }));
        this.#values[name] = value;
      } else {
        this.#setNote(null);
        this.#values[name] = value;
      }
    } else {
      return;
    }
    this.#fill();
    this.#save();
  }

  /** Shows the note again in the current language. */
  relabel() {
    this.#note.textContent = this.#noteText ? this.#noteText() : '';
  }

  #setNote(text) {
    this.#noteText = text;
    this.relabel();
  }

  #fill() {
    const { elements } = this.#form;
    for (const [name, value] of Object.entries(this.#values)) {
      const field = elements.namedItem(name);
      if (field.type === 'checkbox') field.checked = value;
      else field.value = String(value);
    }
    // Depth and width only matter to the search.
    this.#form.classList.toggle('eval-only', this.#values.aiType === 'eval');
  }

  #save() {
    writeStored(SETTINGS_KEY, { version: SETTINGS_VERSION, ...this.#values });
  }
}
