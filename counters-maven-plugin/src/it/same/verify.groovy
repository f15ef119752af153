// The release's work: not a regression (passed, or undecided with a warning); the build succeeded.
def text = new File(basedir, 'target/counters/compare.txt').readLines()
assert text[0] =~ /^(PASSED|UNDECIDED): 0 of 1 tasks regressed beyond a margin of 5.0%, / : text[0]
def json = new File(basedir, 'target/counters/compare.json').text
assert !(json =~ /"verdict" ?: "slower"/) && !json.contains('"failure"') : json
// The forks started with the plugin's class path and loaded the task from each build's class path.
def jvms = (json =~ /"jvms" ?: ([0-9]+)/)[0][1] as int
assert jvms >= 1 : 'the comparison ran in fresh JVMs: ' + json
assert new File(basedir, 'target/counters/compare.md').text.contains('| com.example.gate.bench.ChecksumTask |')
assert new File(basedir, 'build.log').text.contains('BUILD SUCCESS')
println 'same: ' + text[0]
return true
