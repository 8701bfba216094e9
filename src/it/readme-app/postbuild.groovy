// Runs the repackaged jar as a user would (`java -jar target/readme-app-1.0.jar`) and checks that
// the application started, wrote and read back through KiteSQL, exited normally, and that the JVM
// printed no warning: the Enable-Native-Access manifest entry of the README's <build> must reach
// the JVM, which otherwise warns on stderr when LMDB's native library is first called.
import java.util.concurrent.TimeUnit

def jar = new File(basedir, 'target/readme-app-1.0.jar')
assert jar.isFile() : "no repackaged jar at $jar"
def db = new File(basedir, 'target/jar-run-db')
def out = new File(basedir, 'target/jar-run.out')
def err = new File(basedir, 'target/jar-run.err')
def java = new File(System.getProperty('java.home'), 'bin/java').path
def builder = new ProcessBuilder(java, '-jar', jar.path, "--kitesql.path=${db.path}")
    .redirectOutput(out).redirectError(err)
// Options from the environment would make the JVM print "Picked up ..." and could grant native access.
['JAVA_TOOL_OPTIONS', 'JDK_JAVA_OPTIONS', '_JAVA_OPTIONS'].each { builder.environment().remove(it) }
def process = builder.start()
// A bound against a hung child, not a timing assertion: the run takes seconds.
if (!process.waitFor(5, TimeUnit.MINUTES)) {
  process.destroyForcibly()
  throw new AssertionError("java -jar did not exit within 5 minutes; stdout: $out")
}
assert process.exitValue() == 0 : "java -jar exited with ${process.exitValue()}; stderr:\n${err.text}"
assert out.text.contains('readme-app: thread 7 has 9 chars of body') : "the runner's line is missing:\n${out.text}"
def stderr = err.text
assert !stderr.contains('WARNING') : "java -jar printed JVM warnings:\n$stderr"
assert stderr.trim().isEmpty() : "java -jar wrote to stderr:\n$stderr"
return true
