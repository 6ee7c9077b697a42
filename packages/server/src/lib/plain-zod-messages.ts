import { plainMessages } from '@hearback/inputs';
import { z } from 'zod';

/**
 * Makes the plain messages zod's locale in this process, for the parses the server does not make
 * itself: the MCP SDK checks a tool's arguments with zod's defaults before the tool runs. Only
 * `hearback serve` calls it, since the process is ours; a program embedding the server keeps its own
 * zod configuration (its REST and MCP inputs still get the plain messages, passed where they are
 * parsed).
 *
 * @example
 * usePlainZodMessages(); // then zod's default for `z.string().min(1)` reads "Must not be empty."
 */
export function usePlainZodMessages(): void {
  z.config(plainMessages());
}
