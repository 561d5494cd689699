/** A CSV file (the contract's `toCsv`) as a Blob to save. */
export const csvBlob = (text: string) => new Blob([text], { type: 'text/csv;charset=utf-8' });
