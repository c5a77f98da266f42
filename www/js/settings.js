// The AI settings panel: values checked and clamped, remembered in localStorage,
// read afresh for every AI move.

import { readStored, writeStored, checkVersion, clip, SETTINGS_KEY } from './storage.js';

export const DEFAULTS = Object.freeze({ aiType: 'search', depth: 20, width: 12, timeMs: 1000 });
const SETTINGS_VERSION = 1;
const AI_TYPES = ['search', 'eval'];
const LIMITS = {
  depth: { min: 1, max: 30, label: 'Search depth' },
  width: { min: 1, max: 225, label: 'Width' },
  timeMs: { min: 10, max: 600000, label: 'Time per move' },
};

/** Clamps one numeric setting; returns the value (or null when it is not a number at all). */
function clampNumber(name, value) {
  const n = Math.round(Number(value));
  if (value === '' || value === null || !Number.isFinite(n)) return null;
  return Math.min(LIMITS[name].max, Math.max(LIMITS[name].min, n));
}

/**
 * Checks a stored settings entry; throws when it is not one. Returns {values, fixed}: values out of
 * range or of the wrong type are clamped or replaced by the default, and `fixed` says which.
 */
function parseEntry(data) {
  checkVersion(data, SETTINGS_VERSION, 'settings entry');
  const fixed = [];
  const values = { aiType: DEFAULTS.aiType };
  if (AI_TYPES.includes(data.aiType)) values.aiType = data.aiType;
  else if (data.aiType !== undefined) fixed.push(`AI type ${clip(JSON.stringify(data.aiType), 30)} → ${DEFAULTS.aiType}`);
  for (const [name, { label }] of Object.entries(LIMITS)) {
    const value = clampNumber(name, data[name]);
    values[name] = value ?? DEFAULTS[name];
    if (data[name] !== undefined && values[name] !== data[name]) {
      fixed.push(`${label} ${clip(JSON.stringify(data[name]) ?? String(data[name]), 30)} → ${values[name]}`);
    }
  }
  return { values, fixed };
}

export class SettingsPanel {
  #form;
  #note;
  #values;

  /**
   * @param {{form: HTMLFormElement, resetButton: HTMLButtonElement, note: HTMLElement,
   *          onProblem: (text: string) => void}} elements  onProblem reports a corrupt stored entry
   */
  constructor({ form, resetButton, note, onProblem }) {
    this.#form = form;
    this.#note = note;
    const stored = readStored(SETTINGS_KEY, parseEntry);
    if (stored.error) {
      onProblem(`The saved AI settings could not be used: ${stored.error}. Defaults are used. ` + (stored.asideKey
        ? `The old entry was kept under "${stored.asideKey}".`
        : `There was no room to set the old entry aside, so it was left under "${SETTINGS_KEY}" ` +
          'and settings are not saved until it is removed.'));
    }
    this.#values = { ...DEFAULTS, ...stored.value?.values };
    this.#fill();
    if (stored.value?.fixed.length) {
      this.#note.textContent = `Saved settings out of range were corrected: ${stored.value.fixed.join(', ')}.`;
      this.#save();
    }
    form.addEventListener('change', (event) => this.#onChange(event.target));
    form.addEventListener('submit', (event) => event.preventDefault());
    resetButton.addEventListener('click', () => {
      this.#values = { ...DEFAULTS };
      this.#fill();
      this.#save();
      this.#note.textContent = 'Defaults restored.';
    });
  }

  /** The options for engine.search. */
  engineOptions() {
    const { aiType, depth, width, timeMs } = this.#values;
    return { mode: aiType, depth, width, timeMs };
  }

  #onChange(field) {
    const name = field.name;
    if (name === 'aiType') {
      this.#values.aiType = AI_TYPES.includes(field.value) ? field.value : DEFAULTS.aiType;
      this.#note.textContent = '';
    } else if (name in LIMITS) {
      const { min, max, label } = LIMITS[name];
      const value = clampNumber(name, field.value);
      if (value === null) {
        this.#note.textContent = `${label} must be a number from ${min} to ${max}; kept ${this.#values[name]}.`;
      } else if (value !== Number(field.value)) {
        this.#note.textContent = `${label} set to ${value} (allowed: ${min}–${max}, whole numbers).`;
        this.#values[name] = value;
      } else {
        this.#note.textContent = '';
        this.#values[name] = value;
      }
    } else {
      return;
    }
    this.#fill();
    this.#save();
  }

  #fill() {
    const { elements } = this.#form;
    for (const [name, value] of Object.entries(this.#values)) elements.namedItem(name).value = String(value);
    // Depth and width only matter to the search.
    this.#form.classList.toggle('eval-only', this.#values.aiType === 'eval');
  }

  #save() {
    writeStored(SETTINGS_KEY, { version: SETTINGS_VERSION, ...this.#values });
  }
}
