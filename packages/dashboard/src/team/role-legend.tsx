import { capitalized, ROLE_SCOPES, ROLES, type Scope } from '@hearback/spec';
import { SCOPE_DESCRIPTIONS } from '../app/scope-descriptions.js';

const articled = (role: string | undefined) => `${/^[aeiou]/.test(role ?? '') ? 'an' : 'a'} ${role}`;

/** Each role with what it adds to the one below it, read from ROLE_SCOPES (the rule the server enforces). */
export function RoleLegend() {
  return (
    <section className="role-legend" aria-labelledby="role-legend-title">
      <h3 id="role-legend-title">What each role may do</h3>
      <dl>
        {ROLES.map((role, index) => {
          const below = index > 0 ? ROLE_SCOPES[ROLES[index - 1] as (typeof ROLES)[number]] : [];
          const added = ROLE_SCOPES[role].filter((scope: Scope) => !below.includes(scope));
          const text = added.map((scope) => SCOPE_DESCRIPTIONS[scope]).join('; ');
          return (
            <div key={role} className="role-legend-entry">
              <dt className="role-name">{role}</dt>
              <dd>
                {index > 0 ? `Everything ${articled(ROLES[index - 1])} may do, and ${text}.` : `${capitalized(text)}.`}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
