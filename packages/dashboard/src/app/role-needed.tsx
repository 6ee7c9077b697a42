import { alternatives } from '@hearback/spec';
import { usePermissions } from './permissions.js';
import { rolesThatMay, type ScopedOperation } from './role-may.js';

/** "a member", "an admin or owner". */
const withArticle = (words: string) => `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;

/**
 * What stands in for a control the signed-in member's role may not use: who may, so they know
 * whom to ask (the button itself could only be refused).
 *
 * @example
 * <RoleNeeded operation="createApiKey" action="create the widget's key" />
 * // "Only an admin or owner may create the widget's key. You are a member: ask one of them to open this guide."
 */
export function RoleNeeded({ operation, action }: { operation: ScopedOperation; action: string }) {
  const { role } = usePermissions();
  return (
    <p>
      Only {withArticle(alternatives(rolesThatMay(operation)))} may {action}. You are {withArticle(role)}: ask one of
      them to open this guide.
    </p>
  );
}
