/** Opaque keyset cursor: the last id of the page, base64url-encoded so clients do not parse it. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(JSON.stringify({ id: lastId })).toString('base64url');
}

export function decodeCursor(cursor: string): string | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && 'id' in parsed && typeof parsed.id === 'string') {
      return parsed.id;
    }
    return null;
  } catch {
    return null;
  }
}
