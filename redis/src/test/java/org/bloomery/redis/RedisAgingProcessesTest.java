package org.bloomery.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.bloomery.redis.AgingClientProcess.items;
import static org.bloomery.redis.AgingClientProcess.spec;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bloomery.api.KeyHasher;
import org.junit.jupiter.api.Test;

/**
 * Two client processes share one {@code redis-aging} filter and see one window: this JVM and a
 * second one ({@link AgingClientProcess}, started with this JVM's class path) add in turn, each
 * finds every item of the window whoever added it, and both count the same window and answer the
 * same probes alike. A count window and a time window of the server's clock.
 */
class RedisAgingProcessesTest extends OnSharedServer {
    private static final long PROCESS_SECONDS = 60;

    /** Runs the other process; its one line of output, or a failure with all it printed. */
    private static String otherProcess(String name, String window, String mode, long from, int count)
            throws IOException, InterruptedException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-Xmx256m", "-cp",
                System.getProperty("java.class.path"), AgingClientProcess.class.getName(),
                Integer.toString(RedisServer.shared().port()), name, window, mode, Long.toString(from),
                Integer.toString(count)));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        boolean ended = process.waitFor(PROCESS_SECONDS, TimeUnit.SECONDS);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!ended) {
            process.destroyForcibly();
        }
        assertThat(ended).as("the other process ended within %d s: %s", PROCESS_SECONDS, output).isTrue();
        assertThat(process.exitValue()).as("the other process's exit code: %s", output).isZero();
        return output.lines().filter(line -> line.startsWith("present=")).reduce((a, b) -> b).orElseThrow(
                () -> new AssertionError("the other process printed no answer: " + output));
    }

    private static String line(boolean[] answers, long count) {
        long present = 0;
        for (boolean answer : answers) {
            present += answer ? 1 : 0;
        }
        return "present=" + present + " count=" + count + " answers=" + Arrays.hashCode(answers);
    }

    @Test
    void aCountWindowIsOneWindowForTwoProcesses() throws Exception {
        String window = "window=1000";
        RedisAgingFilter<Long> here = RedisFilters.aging(client, "processes", spec(window), KeyHasher.longs());
        here.addAllHashes(items(0, 600));

        // The other process adds 600..1199 and finds them; this one finds them too.
        assertThat(otherProcess("processes", window, "add", 600, 600)).startsWith("present=600 count=1000 ");
        assertThat(here.mightContainAllHashes(items(200, 1_000))).as("the last 1,000 adds, from both").containsOnly(true);
        assertThat(here.approximateCount()).isEqualTo(1_000);

        // This one adds 1200..1799; the other finds the whole last window, and answers every probe alike.
        here.addAllHashes(items(1_200, 600));
        assertThat(otherProcess("processes", window, "probe", 800, 1_000)).startsWith("present=1000 count=1000 ");
        String there = otherProcess("processes", window, "probe", 0, 1_800);
        assertThat(there).isEqualTo(line(here.mightContainAllHashes(items(0, 1_800)), here.approximateCount()));
    }

    @Test
    void aTimeWindowOfTheServersClockIsOneWindowForTwoProcesses() throws Exception {
        // Long enough that starting a JVM (about a second on a busy machine) stays well inside it.
        String window = "windowMillis=30000";
        RedisAgingFilter<Long> here = RedisFilters.aging(client, "processes-timed", spec(window), KeyHasher.longs());
        here.addAllHashes(items(0, 500));

        assertThat(otherProcess("processes-timed", window, "add", 500, 500)).startsWith("present=500 ");
        assertThat(here.mightContainAllHashes(items(0, 1_000))).as("both processes' items").containsOnly(true);
        assertThat(otherProcess("processes-timed", window, "probe", 0, 1_000)).startsWith("present=1000 count="
                + here.approximateCount() + " ");
    }
}
