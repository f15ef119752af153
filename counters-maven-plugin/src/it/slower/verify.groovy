// Twice the release's work: the gate decided B slower beyond the 5% margin and failed the build.
def reports = new File(basedir, 'target/counters')
def text = new File(reports, 'compare.txt').readLines()
assert text[0].startsWith('REGRESSED: 1 of 1 tasks regressed beyond a margin of 5.0% (com.example.gate.bench.ChecksumTask)') : text[0]
assert text.any { it.startsWith('A: com.example.gate:gate-sample:jar:1.0') } : 'baseline: ' + text
def json = new File(reports, 'compare.json').text
assert json =~ /"gate" ?: "regressed"/ && json =~ /"verdict" ?: "slower"/ : json
def low = (json =~ /"ratio_low" ?: ([0-9.]+)/)[0][1] as double
assert low > 1.05 : 'the interval lies above 1 + margin: ' + json
def md = new File(reports, 'compare.md').text
assert md.startsWith('**REGRESSED: 1 of 1 tasks regressed') && md.contains('| com.example.gate.bench.ChecksumTask | REGRESSED | slower |') : md
def log = new File(basedir, 'build.log').text
assert log.contains('[ERROR] Failed to execute goal dev.counters:counters-maven-plugin') && log.contains('counters: REGRESSED') : 'the build failed on the gate'
println 'slower: ' + text[0]
return true
