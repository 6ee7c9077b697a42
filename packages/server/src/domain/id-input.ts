import { z } from 'zod';
import { ID_PREFIXES, type IdKind, idPattern } from '../lib/ids.js';

/**
 * An id of one kind in a request (`brandId` …), in plain zod for the domain's input schemas: refused
 * with 400 unless it has that kind's format, so an empty or foreign id never reaches a query or a
 * foreign key. The routes' `idOf` documents the same schema.
 *
 * @example
 * brandId: idInput('brand').optional()
 */
export function idInput(kind: IdKind) {
  const prefix = ID_PREFIXES[kind];
  const name = kind.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`);
  return z
    .string()
    .regex(idPattern(kind), { message: `Expected a ${name} id: ${prefix}_ followed by 26 letters and digits.` });
}
