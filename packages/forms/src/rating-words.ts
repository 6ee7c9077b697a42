/** The faces of the 1–5 emoji scale, lowest first. */
export const EMOJI_FACES = ['😞', '🙁', '😐', '🙂', '😄'] as const;

/** The words of the 1–5 emoji scale, as the widget says them. */
export const EMOJI_WORDS = ['Terrible', 'Bad', 'Okay', 'Good', 'Great'] as const;

/** The words of the 1–5 CSAT scale, as the widget says them. */
export const CSAT_WORDS = ['Very unsatisfied', 'Unsatisfied', 'Neutral', 'Satisfied', 'Very satisfied'] as const;
