// The game's rule (freestyle 无禁手, standard 标准, renju 禁手) and renju's forbidden points for black:
// the rule choice in the Players panel, the engine calls that depend on the rule, and the texts that name a
// forbidden point's reason. The rules themselves come from the engine (parseRecord, forbiddenPoints).

import { t, onLanguageChange } from './i18n.js';

/** The rules, in the order the Players panel offers them. */
export const RULES = Object.freeze(['freestyle', 'standard', 'renju']);

/** Reads a rule name; anything else (including null) gives `fallback`. */
export function ruleOr(value, fallback = 'freestyle') {
  return RULES.includes(value) ? value : fallback;
}

/** The rule's display name ("Renju 禁手"). */
export function ruleName(rule) {
  return t(`rules.name.${rule}`);
}

const REASON_KEYS = {
  'double three': 'rules.reason.doubleThree',
  'double four': 'rules.reason.doubleFour',
  overline: 'rules.reason.overline',
};

/** The display text of a forbidden point's reason ('double three' → "三三禁手 double three"). */
export function reasonText(reason) {
  return REASON_KEYS[reason] ? t(REASON_KEYS[reason]) : reason;
}

/** The engine's rule-dependent calls, bound to the wasm module. */
export class RuleBook {
  #wasm;

  /** @param {{parseRecord: Function, forbiddenPoints: Function}} wasm */
  constructor(wasm) {
    this.#wasm = wasm;
  }

  /**
   * The game state of `record` under `rule`; throws on an illegal record, with the engine's reason in parts
   * (js/refusals.js says it in the page's language).
   */
  parse(record, rule) {
    return this.#wasm.parseRecord(record, rule);
  }

  /**
   * Black's forbidden points when the rule is renju, black is to move and the game goes on: Map point → reason
   * ('double three' | 'double four' | 'overline'). Empty otherwise.
   */
  forbidden(record, rule, state) {
    if (rule !== 'renju' || state.toMove !== 'black' || state.winner || state.draw) return new Map();
    try {
      return new Map(this.#wasm.forbiddenPoints(record).map((f) => [f.point, f.reason]));
    } catch {
      return new Map(); // the record was checked under renju already; nothing to mark if it is refused
    }
  }
}

/**
 * The rule choice and the "mark forbidden points" toggle in the Players panel. A change of rule with stones
 * on the board asks first and then starts a new game (`onChange(rule)`); declined, the choice goes back.
 */
export class RuleControl {
  #select;
  #toggle;
  #hooks;

  #labels;

  /**
   * @param {{select: HTMLSelectElement, toggle: HTMLInputElement, label: HTMLElement, toggleLabel: HTMLElement,
   *          hasStones: () => boolean, onChange: (rule: string) => void, onToggle: (show: boolean) => void}} options
   */
  constructor({ select, toggle, label, toggleLabel, hasStones, onChange, onToggle }) {
    this.#select = select;
    this.#toggle = toggle;
    this.#labels = { label, toggleLabel };
    this.#hooks = { hasStones, onChange, onToggle };
    this.#texts();
    onLanguageChange(() => this.#texts());
    select.addEventListener('change', () => this.#changed());
    toggle.addEventListener('change', () => onToggle(toggle.checked));
  }

  /** Shows `rule` and the toggle state (after a restore, a link or a change). */
  show(rule, showMarks) {
    this.#select.value = rule;
    this.#toggle.checked = showMarks;
    this.#select.dataset.rule = rule;
    this.#toggle.closest('label').hidden = rule !== 'renju';
  }

  /** The visible texts, in the current language. */
  #texts() {
    this.#labels.label.textContent = t('rules.label');
    this.#labels.toggleLabel.textContent = t('rules.showForbidden');
    const current = this.#select.value || 'freestyle';
    this.#select.replaceChildren(...RULES.map((rule) => {
      const option = document.createElement('option');
      option.value = rule;
      option.textContent = ruleName(rule);
      return option;
    }));
    this.#select.value = current;
  }

  #changed() {
    const rule = ruleOr(this.#select.value);
    const previous = this.#select.dataset.rule ?? 'freestyle';
    if (rule === previous) return;
    if (this.#hooks.hasStones() && !window.confirm(t('rules.confirmChange', { rule: ruleName(rule) }))) {
      this.#select.value = previous; // the game in progress keeps its rule
      return;
    }
    this.#hooks.onChange(rule);
  }
}
