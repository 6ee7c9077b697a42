// The automation input is @hearback/inputs' (shared with the dashboard's automation editor).
export {
  AutomationFilterInputSchema,
  type AutomationInput,
  AutomationInputSchema,
  type AutomationPreviewInput,
  AutomationPreviewInputSchema,
  type AutomationTestInput,
  AutomationTestInputSchema,
  type AutomationUpdateInput,
  AutomationUpdateInputSchema,
} from '@hearback/inputs';
