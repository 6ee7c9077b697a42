// What placeholders address is @hearback/inputs' rule: the automation input, its editor and the renderer ask it.
export {
  EVENT_MEMBERS,
  EVENT_ROOT,
  placeholderProblem,
  resourceRootOf,
  SECRETS_ROOT,
  templateTextProblems,
} from '@hearback/inputs';
