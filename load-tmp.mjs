import autocannon from 'autocannon';
const url = process.argv[2];
const body = JSON.stringify({ model: 'mock-model', messages: [{ role: 'system', content: 'You are a helpful assistant.' }, { role: 'user', content: 'Write one short sentence about the sea and the sky, please.' }], max_completion_tokens: 16, temperature: 0.7 });
const r = await autocannon({ url: url + '/v1/chat/completions', method: 'POST', connections: 32, duration: 6, headers: { authorization: 'Bearer mock-token', 'content-type': 'application/json' }, body });
console.log('req/s', r.requests.average, 'non2xx', r.non2xx);
