import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, toCsv } from './csv.js';

describe('csvField', () => {
  it.each<[string | number | boolean | null, string]>([
    ['plain', 'plain'],
    ['Blåbær', 'Blåbær'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['sa "hei"', '"sa ""hei"""'],
    ['to\nlinjer', '"to\nlinjer"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+47 123', "'+47 123"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['=1,2', `"'=1,2"`],
    [42, '42'],
    [-3, '-3'],
    [true, 'true'],
    [null, ''],
  ])('%j → %s', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe('toCsv', () => {
  it('BOM first, CRLF after every line', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y'], [null, 'z']])).toBe(`${CSV_BOM}a,b\r\n1,"x,y"\r\n,z\r\n`);
  });
  it('no rows: the header alone', () => {
    expect(toCsv(['Spørsmål'], [])).toBe(`${CSV_BOM}Spørsmål\r\n`);
  });
});
