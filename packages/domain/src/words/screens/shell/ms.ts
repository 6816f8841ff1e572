import words from './ms.json' with { type: 'json' };

export default words;
