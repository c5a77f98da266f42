// Board coordinates: columns a–o left to right, rows 1–15 bottom to top ("h8" is the centre).

export const SIZE = 15;
export const COLUMNS = 'abcdefghijklmno';
export const STAR_POINTS = ['h8', 'd4', 'l4', 'd12', 'l12'];

/** Point name for a column index (0 = a) and a row index (0 = row 1). */
export function pointName(col, row) {
  return COLUMNS[col] + String(row + 1);
}

/** Column and row indexes of a point name, or null when it is not on the board. */
export function parsePoint(name) {
  const m = /^([a-o])(\d{1,2})$/.exec(String(name).trim().toLowerCase());
  if (!m) return null;
  const row = Number(m[2]) - 1;
  if (row < 0 || row >= SIZE) return null;
  return { col: COLUMNS.indexOf(m[1]), row };
}

/** 'black' for even move indexes (0-based), 'white' for odd ones. */
export function colorOfMove(index) {
  return index % 2 === 0 ? 'black' : 'white';
}
