/** A table as CSV (RFC 4180: quoted where needed, CRLF), and its download. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  const cell = (value: string | number | null) => {
    const text = value === null ? '' : String(value);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return rows.map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(name: string, rows: ReadonlyArray<ReadonlyArray<string | number | null>>): void {
  // A byte-order mark: spreadsheet programs then read Polish and Ukrainian letters as UTF-8.
  const url = URL.createObjectURL(new Blob(['\ufeff', toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
