// What the page tells the person outside the board: the message under the board, the note next to the Moves
// panel's buttons, the screen-reader announcer and the AI's clock. Texts given as functions are read again
// when the language changes (relabel), so a message stays in the page's language.

import { t } from './i18n.js';

/** The message, note, announcer and clock elements of the page, and what they show. */
export class Notices {
  /** `els`: { message, note, announcer, clock } elements. */
  constructor({ message, note, announcer, clock }) {
    this.els = { message, note, announcer, clock };
    this.messageText = null; // () => text of the message under the board
    this.noteText = null; // the same for the note next to the record field
    this.clockTimer = 0;
  }

  /** Says `text` to screen readers. */
  announce(text) {
    this.els.announcer.textContent = text;
  }

  /**
   * Shows the note next to the Moves panel's buttons, where the user is looking (on a phone, far from the
   * board). `text`: the text, or a function giving it in the current language (it then follows a change).
   */
  showNote(text, kind) {
    this.noteText = show(this.els.note, text, kind, true);
  }

  /** Hides the note (the record field is being edited). */
  hideNote() {
    this.els.note.hidden = true;
  }

  /** Shows the message under the board (brought into view if an error); `text` as for showNote. */
  showMessage(text, kind) {
    this.messageText = show(this.els.message, text, kind, kind === 'error');
  }

  /** Hides the message and the note. */
  clear() {
    this.els.message.hidden = true;
    this.els.message.textContent = '';
    this.messageText = null;
    this.els.note.hidden = true;
  }

  /** The message and the note again in the current language. */
  relabel() {
    if (this.messageText) this.els.message.textContent = this.messageText();
    if (this.noteText) this.els.note.textContent = this.noteText();
  }

  /** Shows the seconds since `started` (performance.now()) while the AI thinks. */
  startClock(started) {
    this.stopClock();
    const tick = () => {
      this.els.clock.textContent = t('page.clock', { s: ((performance.now() - started) / 1000).toFixed(1) });
    };
    tick();
    this.clockTimer = setInterval(tick, 100);
  }

  /** Stops and empties the clock. */
  stopClock() {
    clearInterval(this.clockTimer);
    this.clockTimer = 0;
    this.els.clock.textContent = '';
  }
}

/**
 * Puts `text` (a string or a function giving it) in `el` as a `kind` notice and, if `reveal`, scrolls it into
 * view when it is off screen (a short window, a phone). Returns the text as a function, for relabelling.
 */
function show(el, text, kind, reveal) {
  const textOf = typeof text === 'function' ? text : () => text;
  el.textContent = textOf();
  el.dataset.kind = kind;
  el.hidden = false;
  if (reveal) {
    const box = el.getBoundingClientRect();
    if (box.bottom > innerHeight || box.top < 0) el.scrollIntoView({ block: 'nearest' });
  }
  return textOf;
}
