// The string tables (www/js/strings/*.js): every language has exactly the same keys, no empty values, the
// same {placeholders} per key, and the Chinese table is Chinese (no English sentence left untranslated).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../www/js/strings/en.js';
import zh from '../www/js/strings/zh.js';

const TABLES = { en, zh };
const placeholders = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('both tables have exactly the same keys', () => {
  const keys = Object.keys(en).sort();
  assert.ok(keys.length > 150, `the page's strings are in the table (${keys.length} keys)`);
  assert.deepEqual(Object.keys(zh).sort(), keys);
});

test('no value is empty and every key names its section', () => {
  for (const [lang, table] of Object.entries(TABLES)) {
    for (const [key, value] of Object.entries(table)) {
      assert.equal(typeof value, 'string', `${lang} ${key}`);
      assert.ok(value.trim().length > 0, `${lang} ${key} is empty`);
      assert.match(key, /^(page|rules|analysis|reach)\./, `${lang} ${key}: section prefix`);
    }
  }
});

test('each key has the same placeholders in both languages', () => {
  for (const key of Object.keys(en)) assert.deepEqual(placeholders(zh[key]), placeholders(en[key]), key);
});

test('Chinese strings are Chinese: no English word outside placeholders, codes and names', () => {
  // Allowed Latin text: placeholders, coordinates, units and names that stay as they are.
  const allowed = /\{\w+\}|Home|End|\b[a-o]\d{1,2}\b|Ctrl\+C|make serve|www\/pkg\/|JSON|WebAssembly|Gomoku|English|null|CSP/g;
  const untranslated = Object.entries(zh)
    .filter(([, value]) => /[A-Za-z]{3,}/.test(value.replace(allowed, '')))
    .map(([key, value]) => `${key}: ${value}`);
  assert.deepEqual(untranslated, []);
  const same = Object.keys(en).filter((k) => en[k] === zh[k] && /[A-Za-z]{3,}/.test(en[k].replace(allowed, '')));
  assert.deepEqual(same, [], 'English left as the Chinese text');
});
