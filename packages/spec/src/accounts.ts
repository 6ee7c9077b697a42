/** The shortest password an account may have (the server refuses shorter; the dashboard says so first). */
export const MIN_PASSWORD_LENGTH = 10;
