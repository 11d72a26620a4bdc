// Names in an export must not collide: two icons called "arrow" become arrow and arrow-2
// (components Arrow and Arrow2), in the order the icons come.

/** Returns a function that maps an icon name to a name whose derived key is not taken yet. */
export function uniqueNamer(
  derive: (name: string) => string,
): (name: string) => { name: string; key: string } {
  const taken = new Set<string>()
  return (name) => {
    let candidate = name
    let key = derive(candidate)
    for (let n = 2; taken.has(key.toLowerCase()); n++) {
      candidate = `${name}-${n}`
      key = derive(candidate)
    }
    taken.add(key.toLowerCase())
    return { name: candidate, key }
  }
}
