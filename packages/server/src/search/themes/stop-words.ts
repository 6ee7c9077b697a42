/**
 * Words that say nothing about a topic: English function words, plus the filler of feedback
 * itself ("please", "app", "really"), which every theme shares and none is about.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above after again against all almost also am an and any are aren't as at be because been before being
  below between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
  even ever every few for from further get gets getting got had hadn't has hasn't have haven't having he her here
  hers herself him himself his how however i i'm i've i'd i'll if in into is isn't it it's its itself just let let's
  like lot lots make makes many may me might more most much must mustn't my myself need needs no nor not now of off
  often on once one only or other ought our ours ourselves out over own same shan't she should shouldn't so some
  still such than that that's the their theirs them themselves then there there's these they they're this those
  though through to too under until up upon us very via was wasn't we we're we've were weren't what what's when
  where which while who whom whose why will with won't would wouldn't yet you you're you've your yours yourself
  yourselves im ive dont cant doesnt didnt isnt wont thats
  please thanks thank hi hello app application really thing things way use using used want wants would've also
  always never sometimes just pretty quite bit keep keeps kind sort able etc yes ok okay add could
  take takes taking took go goes going went`
    .split(/\s+/)
    .filter(Boolean),
);
