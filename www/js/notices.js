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

  /** Answers the Moves panel's buttons next to them, where the user is looking (on a phone, far from the board). */
  /** `text`: the text, or a function giving it in the current language (then it follows a language change). */
  showNote(text, kind) {
    const note = this.els.note;
    this.noteText = typeof text === 'function' ? text : () => text;
    note.textContent = this.noteText();
    note.dataset.kind = kind;
    note.hidden = false;
    const box = note.getBoundingClientRect();
    if (box.bottom > innerHeight || box.top < 0) note.scrollIntoView({ block: 'nearest' });
  }

  /** Hides the note (the record field is being edited). */
  hideNote() {
    this.els.note.hidden = true;
  }

  /** `text`: the text, or a function giving it in the current language (then it follows a language change). */
  showMessage(text, kind) {
    const message = this.els.message;
    this.messageText = typeof text === 'function' ? text : () => text;
    message.textContent = this.messageText();
    message.dataset.kind = kind;
    message.hidden = false;
    if (kind === 'error') {
      // Under the board, it can be below the fold (a short window, a phone): bring it into view.
      const box = message.getBoundingClientRect();
      if (box.bottom > innerHeight || box.top < 0) message.scrollIntoView({ block: 'nearest' });
    }
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
