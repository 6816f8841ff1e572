import words from './en.json' with { type: 'json' };

export default words;
