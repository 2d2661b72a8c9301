/** Saves a downloaded file under the name given (a link clicked in the page). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL may go once the event loop has moved on.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
