// Visible text in English and 简体中文. Every string a person can see or hear comes from
// t(key, params): one table per language (js/strings/en.js, js/strings/zh.js) with the same keys.
// Placeholders are written {name} and filled from params.
//
// Static text in index.html is marked for translatePage():
//   data-i18n="key"              the element's text
//   data-i18n-attr="attr:key;…"   attributes (aria-label, title, placeholder, content)
//   data-i18n-zh="key"           the text from the Chinese table whatever the language (a Chinese term shown
//                                next to the English one, marked lang="zh")
//   data-show-lang="en"          shown only in that language

import en from './strings/en.js';
import zh from './strings/zh.js';

/** The string tables by language code. */
export const TABLES = Object.freeze({ en, zh });

/** The value of `<html lang>` for each language. */
export const HTML_LANG = Object.freeze({ en: 'en', zh: 'zh-CN' });

/** localStorage key of the language chosen with the switch. */
export const LANGUAGE_KEY = 'gomoku.lang';

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
  return tIn(current, key, params);
}

/** The text for key in language `lang` (a Chinese term shown beside the English one). */
export function tIn(lang, key, params = {}) {
  const text = TABLES[lang]?.[key] ?? TABLES.en[key];
  if (text === undefined) {
    console.warn(`i18n: no string for '${key}'`);
    return key;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

/**
 * The language to start in: `?lang=zh|en` in the address, else the one chosen with the switch (remembered),
 * else the browser's languages (any zh → Chinese), else English.
 */
export function initialLanguage({ search = location.search, languages = navigator.languages, stored } = {}) {
  const forced = new URLSearchParams(search).get('lang');
  if (forced && Object.hasOwn(TABLES, forced)) return forced;
  let saved = stored;
  if (saved === undefined) {
    try {
      saved = localStorage.getItem(LANGUAGE_KEY);
    } catch {
      saved = null; // storage disabled
    }
  }
  if (saved && Object.hasOwn(TABLES, saved)) return saved;
  const list = languages?.length ? languages : [navigator.language ?? 'en'];
  return list.some((l) => /^zh\b/i.test(String(l))) ? 'zh' : 'en';
}

/** Remembers the language chosen with the switch. */
export function rememberLanguage(lang) {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // not remembered: the page still works
  }
}

/** Fills the marked static text of `root` (see the top of this file), `<html lang>` and the title. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-zh]')) el.textContent = tIn('zh', el.dataset.i18nZh);
  for (const el of root.querySelectorAll('[data-i18n-attr]')) {
    for (const pair of el.dataset.i18nAttr.split(';')) {
      const [attr, key] = pair.split(':').map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
  for (const el of root.querySelectorAll('[data-show-lang]')) el.hidden = el.dataset.showLang !== current;
  if (root === document) {
    document.documentElement.lang = HTML_LANG[current];
    document.title = t('page.title');
  }
}
