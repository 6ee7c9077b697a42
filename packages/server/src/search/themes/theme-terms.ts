import { STOP_WORDS } from './stop-words.js';

// Letters and digits of any script, with inner apostrophes ("don't") and hyphens ("e-mail").
const TOKEN = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const DIGITS_ONLY = /^\p{N}+$/u;
// Not apostrophes or hyphens, which are inside words.
const CLAUSE_BREAK = /[.,;:!?¡¿()[\]{}"“”„«»…。、，！？\n]+/u;

// English inflections folded together so one topic's words add up: "loads", "loading", "loaded"
// → "load"; "slowly" → "slow"; "decline", "declined" → "declin". Only plain a–z words change.
const INFLECTIONS: [RegExp, string][] = [
  [/(sh|ch|x|ss|z)es$/, '$1'],
  [/ies$/, 'y'],
  [/ing$/, ''],
  [/ed$/, ''],
  [/ly$/, ''],
  [/([^su])s$/, '$1'],
];

/**
 * The key a word is counted under: a common English suffix and a final "e" taken off, as long
 * as three letters remain. Display uses the words as written.
 *
 * @example
 * stemOf('loading'); // 'load'
 */
export function stemOf(word: string): string {
  if (!/^[a-z]+$/.test(word)) return word;
  let stem = word;
  for (const [suffix, replacement] of INFLECTIONS) {
    if (suffix.test(stem)) {
      stem = stem.replace(suffix, replacement);
      break;
    }
  }
  if (stem.endsWith('e')) stem = stem.slice(0, -1);
  return stem.length >= 3 ? stem : word;
}

/** A term of a comment: what it is counted as (`key`) and how it was written (`text`). */
export interface Term {
  key: string;
  text: string;
}

/**
 * A comment's terms: lowercase words (any script) that are not stop words, numbers or single
 * letters, and the bigrams of adjacent such words ("dark mode"). Each key once per comment.
 *
 * @example
 * termsOf('The Dark mode is broken!').map((term) => term.text); // ['dark', 'mode', 'broken', 'dark mode', 'mode broken']
 */
export function termsOf(comment: string): Term[] {
  const unigrams: Term[] = [];
  const bigrams: Term[] = [];
  // A bigram never spans punctuation: "payment, translation" are two thoughts, not a phrase.
  for (const clause of comment.normalize('NFKC').toLocaleLowerCase('und').split(CLAUSE_BREAK)) {
    let previous: Term | null = null;
    for (const word of clause.match(TOKEN) ?? []) {
      const text = word.replace(/’/g, "'");
      if (text.length < 2 || STOP_WORDS.has(text) || DIGITS_ONLY.test(text)) {
        previous = null;
        continue;
      }
      const term = { key: stemOf(text), text };
      unigrams.push(term);
      if (previous) bigrams.push({ key: `${previous.key} ${term.key}`, text: `${previous.text} ${term.text}` });
      previous = term;
    }
  }
  const byKey = new Map<string, Term>();
  for (const term of [...unigrams, ...bigrams]) if (!byKey.has(term.key)) byKey.set(term.key, term);
  return [...byKey.values()];
}

/** How many terms a theme lists. */
export const THEME_TERMS = 5;
/** How many of them its label joins. */
const LABEL_TERMS = 3;
/** A term must be in at least this many of a cluster's comments (and 2 at least) to describe it. */
const MIN_TERM_SHARE = 0.1;

/** A bigram stands for one of its words when it is in this share of the comments that word is in. */
const BIGRAM_SHARE = 0.6;

/** The distinctive terms of one group of comments and the label made of them. */
export interface ThemeTerms {
  /** Most distinctive first. */
  terms: string[];
  /** The top terms joined by " · " (e.g. "dark mode · eyes"); "" when no term stands out. */
  label: string;
}

/**
 * Distinctive terms per group of comments, class-based TF-IDF (as BERTopic's c-TF-IDF): a term's
 * share of a group's comments, weighted by log(1 + average comments per group / the term's
 * comments across all groups), so words every group uses sink and the group's own rise. The last
 * group may be the comments in no theme: it weighs terms down but gets no label of its own.
 * A bigram outranks the words it is made of; a word already inside a chosen bigram is skipped.
 *
 * @example
 * themeTerms([['Checkout fails', 'checkout failed again'], ['dark mode please', 'add dark mode']]);
 * // [{ terms: ['checkout', …], label: 'checkout · …' }, { terms: ['dark mode', …], label: 'dark mode · …' }]
 */
export function themeTerms(groups: readonly (readonly string[])[]): ThemeTerms[] {
  const texts = new Map<string, Map<string, number>>();
  const counts = groups.map((comments) => {
    const count = new Map<string, number>();
    for (const comment of comments) {
      for (const term of termsOf(comment)) {
        count.set(term.key, (count.get(term.key) ?? 0) + 1);
        const written = texts.get(term.key) ?? new Map<string, number>();
        written.set(term.text, (written.get(term.text) ?? 0) + 1);
        texts.set(term.key, written);
      }
    }
    return count;
  });
  const overall = new Map<string, number>();
  for (const count of counts) for (const [key, value] of count) overall.set(key, (overall.get(key) ?? 0) + value);
  const totalComments = groups.reduce((sum, comments) => sum + comments.length, 0);
  const averagePerGroup = totalComments / Math.max(groups.length, 1);
  return groups.map((comments, index) => {
    const count = counts[index] ?? new Map<string, number>();
    const minimum = Math.max(2, Math.ceil(MIN_TERM_SHARE * comments.length));
    const ranked = [...count]
      .filter(([, value]) => value >= minimum)
      .map(([key, value]) => ({
        key,
        score: (value / comments.length) * Math.log(1 + averagePerGroup / (overall.get(key) ?? value)),
      }))
      .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key))
      .map((entry) => entry.key);
    const terms = distinct(ranked, (key) => count.get(key) ?? 0).map((key) => mostWritten(texts.get(key), key));
    return { terms: terms.slice(0, THEME_TERMS), label: terms.slice(0, LABEL_TERMS).join(' · ') };
  });
}

/** The way a term was written most often ("loading" rather than "loads"); the first in order on a tie. */
function mostWritten(written: Map<string, number> | undefined, fallback: string): string {
  let best = fallback;
  let bestCount = 0;
  for (const [text, count] of written ?? []) {
    if (count > bestCount || (count === bestCount && text < best)) {
      best = text;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The ranked keys without repeats: a bigram takes the place of either of its words when it is
 * nearly as common (in at least 60 % of the comments that word is in, as "dark mode" with "dark"),
 * a bigram as common as a word already taken replaces it, a rarer one sharing a word taken is
 * skipped ("payment error" after "payment"), and so is a word inside a bigram taken ("dark" after "dark mode").
 */
function distinct(ranked: readonly string[], countOf: (key: string) => number): string[] {
  const bigramOf = new Map<string, string>();
  for (const key of ranked) {
    if (!key.includes(' ')) continue;
    for (const word of key.split(' ')) {
      if (!bigramOf.has(word) && countOf(key) >= BIGRAM_SHARE * countOf(word)) bigramOf.set(word, key);
    }
  }
  const chosen: string[] = [];
  const covered = new Set<string>();
  const commonWith = (bigram: string, word: string) => countOf(bigram) >= BIGRAM_SHARE * countOf(word);
  for (const key of ranked) {
    const candidate = bigramOf.get(key) ?? key;
    const words = candidate.split(' ');
    if (chosen.includes(candidate) || words.every((word) => covered.has(word))) continue;
    if (words.length > 1 && words.some((word) => covered.has(word))) {
      // A bigram as common as a word already taken takes its place ("payment failed" for
      // "payment"); a rarer one would only repeat it.
      const extended = chosen.findIndex((taken) => words.includes(taken) && commonWith(candidate, taken));
      if (extended < 0) continue;
      chosen.splice(extended, 1, candidate);
    } else {
      chosen.push(candidate);
    }
    for (const word of words) covered.add(word);
  }
  return chosen;
}
