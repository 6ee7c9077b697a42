import { OPERATION_SCOPES, ORGANIZATION_WIDE_OPERATIONS } from '@hearback/spec';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { HearbackBackend } from '../backend.js';
import { scopeSentence, toolScopes } from './tool-scopes.js';

/** A REST operation that requires a scope (its `operationId` in the OpenAPI document). */
export type ScopedOperationId = keyof typeof OPERATION_SCOPES;

/** An operation's entry in the generated table: its scope, or the scopes any of which will do. */
type OperationAccess = (typeof OPERATION_SCOPES)[ScopedOperationId];
type ScopesOf<Access> = Access extends readonly (infer Scope)[] ? Scope : Access;

/** An API key scope a tool may need: one the REST operation it stands for accepts. */
export type ToolScope = ScopesOf<OperationAccess>;

export interface ToolContext {
  /** The MCP client's name from its `initialize` request, when this connection saw one. */
  clientName: string | undefined;
}

interface ToolMetadata {
  /** snake_case, as agents call it. */
  name: string;
  title: string;
  /**
   * Written for the agent choosing a tool: what it does, when to use it, what it costs; the
   * scope it needs is appended.
   */
  description: string;
  /**
   * The REST operation the tool stands for: the tool needs its scope (or one of its scopes), as
   * the document publishes them (`x-required-scope`, `x-accepted-scopes`), and a backend enforces
   * them as the REST API does.
   */
  operationId: ScopedOperationId;
  annotations: ToolAnnotations;
  /** Served only where the server has semantic search on (`ServerFeatures.semanticSearch`): themes cluster its vectors. */
  needsSemanticSearch?: boolean | undefined;
}

interface ToolSpec<Input extends z.ZodType, Output extends z.ZodType> extends ToolMetadata {
  inputSchema: Input;
  outputSchema: Output;
  /** Whether a backend can serve the tool (search needs a backend with semantic search). */
  isAvailable?: (backend: HearbackBackend) => boolean;
  run(backend: HearbackBackend, input: z.output<Input>, context: ToolContext): Promise<z.input<Output>>;
  /**
   * The text rendering of the structured result, for clients that show text only; the input
   * says what was asked (one item by id reads differently from a page of them).
   */
  render(output: z.input<Output>, input: z.output<Input>): string;
}

/** A tool with its types erased, so tools of different shapes share one list. */
export interface HearbackTool extends ToolMetadata {
  /** The scope of its operation (its preferred one, when a key holding any of several may call it). */
  requiredScope: ToolScope;
  /** Every scope that lets a key call it, the preferred first: its operation's, as the server checks. */
  acceptedScopes: readonly ToolScope[];
  /** Its operation is organization-wide: a brand-scoped key is refused it (and not shown it). */
  organizationWide: boolean;
  needsSemanticSearch: boolean;
  inputSchema: z.ZodType;
  outputSchema: z.ZodType;
  isAvailable(backend: HearbackBackend): boolean;
  /** Runs the tool on input the MCP server has already validated against `inputSchema`. */
  call(
    backend: HearbackBackend,
    input: unknown,
    context: ToolContext,
  ): Promise<{ structured: Record<string, unknown>; text: string }>;
}

/**
 * Declares a tool: its schemas type its `run` and `render`, then the types are erased.
 *
 * @example
 * export const listBrands = defineTool({ name: 'list_brands', inputSchema, outputSchema, run, render, … });
 */
export function defineTool<Input extends z.ZodType, Output extends z.ZodType>(
  spec: ToolSpec<Input, Output>,
): HearbackTool {
  const { run, render, isAvailable, description, needsSemanticSearch, ...metadata } = spec;
  const scopes = toolScopes<ToolScope>(OPERATION_SCOPES[spec.operationId]);
  return {
    ...metadata,
    description: `${description} ${scopeSentence(scopes)}`,
    ...scopes,
    organizationWide: ORGANIZATION_WIDE_OPERATIONS.includes(spec.operationId),
    needsSemanticSearch: needsSemanticSearch ?? false,
    isAvailable: isAvailable ?? (() => true),
    async call(backend, input, context) {
      const output = await run(backend, input as z.output<Input>, context);
      return { structured: output as Record<string, unknown>, text: render(output, input as z.output<Input>) };
    },
  };
}
