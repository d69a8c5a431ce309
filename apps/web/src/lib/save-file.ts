/**
 * Hands a downloaded file to the browser as a download named `filename`, through a temporary link
 * (the response was fetched first, so that a refusal shows as a message instead of a broken file).
 */
export function saveFile(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL is revoked.
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
