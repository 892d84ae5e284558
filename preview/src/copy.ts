/**
 * Copies text to the clipboard exactly: a BOM, CRLF line ends and U+2028 included. The async
 * Clipboard API when the host grants `clipboard-write` (the resource asks for it); otherwise a copy
 * command whose `copy` event sets the text itself, since copying a textarea's selection would
 * normalize its line ends to LF.
 */

interface PolicyDocument {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

function clipboardAllowed(): boolean {
  const policy = (document as PolicyDocument).permissionsPolicy ?? (document as PolicyDocument).featurePolicy;
  // Asking the blocked API would only log a permissions-policy violation.
  return !!navigator.clipboard?.writeText && (policy?.allowsFeature("clipboard-write") ?? true);
}

function copyCommand(text: string): boolean {
  let set = false;
  const onCopy = (event: ClipboardEvent) => {
    if (!event.clipboardData) return;
    event.clipboardData.setData("text/plain", text);
    event.preventDefault();
    set = true;
  };
  document.addEventListener("copy", onCopy);
  try {
    return document.execCommand("copy") && set;
  } finally {
    document.removeEventListener("copy", onCopy);
  }
}

/** Resolves to whether the text reached the clipboard. Call it from a click: both ways need a user gesture. */
export async function copyExact(text: string): Promise<boolean> {
  if (clipboardAllowed()) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Denied (no focus, no permission): the copy command may still work.
    }
  }
  return copyCommand(text);
}
