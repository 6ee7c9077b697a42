import { z } from '@hono/zod-openapi';
import { SECRET_NAME_PATTERN, SECRET_NAME_RULE, SECRET_VALUE_MAX_LENGTH } from '../../domain/organization-secret.js';
import { writeInput } from '../../domain/write-input.js';
import { OrgParams, pageOf, Timestamp } from '../shared.schemas.js';

const NAME_EXAMPLE = 'SLACK_TOKEN';

const SecretName = z
  .string()
  .regex(SECRET_NAME_PATTERN, { message: `Expected a name such as ${NAME_EXAMPLE}: ${SECRET_NAME_RULE}.` })
  .openapi({
    description: 'Referenced as `{{secrets.NAME}}` in webhook header and body templates.',
    example: NAME_EXAMPLE,
  });

const SecretValue = z
  .string()
  .min(1)
  .max(SECRET_VALUE_MAX_LENGTH)
  .openapi({
    description: `1 to ${SECRET_VALUE_MAX_LENGTH} characters. Stored encrypted; never returned or logged.`,
    example: 'xoxb-123-456-abcdef',
  });

export const SecretParams = OrgParams.extend({
  name: SecretName.openapi({ param: { name: 'name', in: 'path' } }),
});

export const SecretSchema = z
  .object({
    name: z.string().openapi({ example: NAME_EXAMPLE }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('Secret', { description: 'A secret of the organization: its name and times; the value is never shown.' });

export const SecretPageSchema = pageOf(SecretSchema, 'SecretPage');

export const SecretInputSchema = writeInput({ name: SecretName, value: SecretValue }).openapi('SecretInput');

export const SecretValueInputSchema = writeInput({ value: SecretValue }).openapi('SecretValueInput');
