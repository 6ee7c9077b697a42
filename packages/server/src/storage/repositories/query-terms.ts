import { stemmer } from 'stemmer';

/**
 * Words too common to tell feedback apart: PostgreSQL's `english` stop list (the Snowball list),
 * so both dialects drop the same words, plus the contractions Snowball lists, which the
 * tokenizers would otherwise split into fragments such as `t` (from "can't") that match any
 * comment with a "don't" in it.
 */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers ' +
    'herself it its itself they them their theirs themselves what which who whom this that these those am is ' +
    'are was were be been being have has had having do does did doing a an the and but if or because as until ' +
    'while of at by for with about against between into through during before after above below to from up ' +
    'down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now ' +
    "i'm you're he's she's it's we're they're i've you've we've they've i'd you'd he'd she'd we'd they'd i'll " +
    "you'll he'll she'll we'll they'll isn't aren't wasn't weren't hasn't haven't hadn't doesn't don't didn't " +
    "won't wouldn't shan't shouldn't can't cannot couldn't mustn't let's that's who's what's here's there's " +
    "when's where's why's how's"
  ).split(' '),
);

const MAX_TERMS = 32;

/**
 * The words of a free-text query, lower-cased, stop words dropped. Only letters, digits and `_`
 * survive, so no term can carry FTS5 or tsquery syntax; a word with an apostrophe that is no stop
 * word keeps its parts of two letters or more ("customer's" → `customer`).
 *
 * @example
 * queryTerms("Why doesn't ERR_42 show up?"); // ['err_42', 'show']
 */
export function queryTerms(query: string): string[] {
  const words = query.toLowerCase().match(/[\p{L}\p{N}_]+(?:['’][\p{L}]+)*/gu) ?? [];
  const terms = words
    .map((word) => word.replaceAll('’', "'"))
    .filter((word) => !STOP_WORDS.has(word))
    .flatMap((word) =>
      word.includes("'") ? word.split("'").filter((part) => part.length > 1 && !STOP_WORDS.has(part)) : [word],
    );
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

/**
 * How many of the query's `terms` the text contains, both reduced to their Porter stems (the
 * algorithm of SQLite's `porter` tokenizer; PostgreSQL's Snowball English stems almost alike).
 *
 * @example
 * countMatchedTerms(['crashing', 'photo', 'tablet'], 'The app crashes when I upload photos'); // 2
 */
export function countMatchedTerms(terms: readonly string[], text: string): number {
  const stems = new Set((text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).map(stemmer));
  return terms.filter((term) => stems.has(stemmer(term))).length;
}

/**
 * How many of `termCount` terms an item must contain when at least `share` of them must (the idea
 * of Elasticsearch's `minimum_should_match` percentage, rounded up here); at least one.
 *
 * @example
 * termsToMatch(6, 0.5); // 3
 */
export function termsToMatch(termCount: number, share: number): number {
  return Math.max(1, Math.ceil(termCount * share));
}
