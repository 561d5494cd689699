import { describe, expect, it } from 'vitest';
import { stageOfGrade } from './stage';

describe('stageOfGrade', () => {
  const stages = [1, 2, 3];
  const grades = [[{ id: 11 }, { id: 12 }], [{ id: 21 }], undefined];

  it('finds the stage whose grades hold the grade', () => {
    expect(stageOfGrade(stages, grades, 21)).toBe(2);
    expect(stageOfGrade(stages, grades, 11)).toBe(1);
  });

  it('is undefined for a grade no loaded list holds', () => {
    expect(stageOfGrade(stages, grades, 31)).toBeUndefined();
    expect(stageOfGrade([], [], 11)).toBeUndefined();
  });
});
