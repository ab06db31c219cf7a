/** @module The mock model's vocabulary: plain lower-case words, so generated text tokenizes one word per token. */
export const WORDS: readonly string[] = (
  'the a model answer question data value result token stream record score service request response ' +
  'simple clear small large quick careful steady bright quiet gentle early later often rarely always never ' +
  'river mountain forest garden window harbor meadow valley island bridge lantern compass pebble feather ' +
  'reads writes builds checks finds keeps moves turns holds gives takes makes shows tells brings ' +
  'and or but so then because while after before under over between through around within ' +
  'first second third next last every each other many few some most little much more less ' +
  'light sound signal pattern number letter string object list field table index entry batch'
).split(' ');
