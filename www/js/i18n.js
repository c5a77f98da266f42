// Visible text in English and 简体中文. Every string a person can see or hear comes from
// t(key, params): one table per language (js/strings/en.js, js/strings/zh.js) with the same keys.
// Placeholders are written {name} and filled from params.

import en from './strings/en.js';
import zh from './strings/zh.js';

/** The string tables by language code. */
export const TABLES = Object.freeze({ en, zh });

let current = 'en';
const listeners = new Set();

/** The current language: 'en' or 'zh'. */
export function language() {
  return current;
}

/** Switches the language and tells every listener (views re-render their text). Unknown codes are ignored. */
export function setLanguage(lang) {
  if (!Object.hasOwn(TABLES, lang) || lang === current) return;
  current = lang;
  for (const fn of listeners) fn(lang);
}

/** Calls fn(lang) after every language change; returns a function that stops it. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The text for key in the current language, with {placeholders} filled from params. */
export function t(key, params = {}) {
  const text = TABLES[current][key] ?? TABLES.en[key];
  if (text === undefined) {
    console.warn(`i18n: no string for '${key}'`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}
