/** A class's 学段 from its 年级 (classes name the grade only; the grade dictionary lists grades per stage). */

/**
 * The id of the stage whose grade list holds `gradeId`: `stageIds[i]` lists `gradeLists[i]` (undefined
 * while it loads). Undefined when no loaded list holds the grade.
 */
export function stageOfGrade(
  stageIds: readonly number[],
  gradeLists: readonly (readonly { id: number }[] | undefined)[],
  gradeId: number,
): number | undefined {
  const index = gradeLists.findIndex((list) => list?.some((g) => g.id === gradeId));
  return index >= 0 ? stageIds[index] : undefined;
}
