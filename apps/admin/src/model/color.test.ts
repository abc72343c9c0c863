import { describe, expect, test } from 'vitest';
import { isHexColor, readableTextOn, toLongHex } from './color';

describe('colors', () => {
  test.each([
    ['#abc', true],
    ['#AABBCC', true],
    ['#abcd', false],
    ['abc', false],
    ['#ggg', false],
    ['', false],
  ])('isHexColor(%s) = %s', (value, expected) => {
    expect(isHexColor(value)).toBe(expected);
  });

  test.each([
    ['#abc', '#aabbcc'],
    ['#0F3D3E', '#0f3d3e'],
    [' #fff ', '#ffffff'],
    ['red', null],
  ])('toLongHex(%s) = %s', (value, expected) => {
    expect(toLongHex(value)).toBe(expected);
  });

  test.each([
    ['#ffffff', '#16191d'],
    ['#f4f1ea', '#16191d'],
    ['#0f3d3e', '#ffffff'],
    ['#4338ca', '#ffffff'],
    ['#facc15', '#16191d'],
    ['not a color', '#16191d'],
  ])('readableTextOn(%s) = %s', (background, text) => {
    expect(readableTextOn(background)).toBe(text);
  });
});
