import words from './zh.json' with { type: 'json' };

export default words;
