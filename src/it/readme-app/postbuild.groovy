// Checks the two ways the README starts the application. `spring-boot:run` (the second invocation,
// invoker.properties) must have written and read back a post with no JVM warning: the plugin's
// jvmArguments must reach the forked JVM. Then the repackaged jar runs as a user would (`java -jar
// target/readme-app-1.0.jar`): it must start, write and read back through KiteSQL, exit normally,
// and print no warning: the Enable-Native-Access manifest entry of the README's <build> must reach
// the JVM, which otherwise warns on stderr when LMDB's native library is first called.
import java.util.concurrent.TimeUnit

def log = new File(basedir, 'build.log').text
def runGoal = (log =~ /--- spring-boot:[0-9][^:]*:run /)
assert runGoal.find() : "the spring-boot:run invocation is missing from build.log"
def runOutput = log.substring(runGoal.start())
assert runOutput.contains('readme-app: thread 7 has 9 chars of body') : "spring-boot:run did not run the application:\n$runOutput"
assert !runOutput.contains('WARNING: A restricted method') :
    "spring-boot:run printed the JVM's native-access warning:\n$runOutput"

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
