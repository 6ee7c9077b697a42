// The placeholder grammar is @hearback/inputs' (the automation input and its editor check templates with it).
export {
  PLACEHOLDER_PATTERN,
  type Placeholder,
  parsePlaceholder,
  placeholderText,
  wholePlaceholder,
} from '@hearback/inputs';
