/**
 * Has the browser save a file the portal sent (a receipt, a licence). A plain link could not
 * carry a token or an IC number in a POST body, and a GET would put them in the address and
 * the server's logs.
 */
export function saveFile(blob: Blob, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  doc.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has had time to start saving; revoking at once can cancel it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
