package org.bloomery.benchmarks.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressTest {

    /** A clock that stands still until a test moves it. */
    private final AtomicLong nanos = new AtomicLong(123_456_789L);

    @Test
    void plainLinesWithTheTimeSinceTheStartWhenNotOnAConsole() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), false, nanos::get);
        progress.begin(4);
        progress.step("uniform · guava · string keys · fpp 0.01");
        nanos.addAndGet(TimeUnit.SECONDS.toNanos(65) + 999_999_999L);
        progress.step("churn · cuckoo · long keys · fpp 0.001");
        nanos.addAndGet(TimeUnit.MINUTES.toNanos(10));
        progress.end();
        assertThat(text.toString()).doesNotContain("\r").isEqualTo(String.join(System.lineSeparator(),
                "[  0%  0:00] uniform · guava · string keys · fpp 0.01",
                "[ 25%  1:05] churn · cuckoo · long keys · fpp 0.001",
                "[100% 11:05] done", ""));
    }

    @Test
    void oneRewrittenLineOnAConsole() {
        StringWriter text = new StringWriter();
        Progress progress = new Progress(new PrintWriter(text), true, nanos::get);
        progress.begin(2);
        progress.step("a long description");
        progress.step("short");
        progress.end();
        assertThat(text.toString()).doesNotContain("\n")
                .startsWith("\r[  0%  0:00] a long description\r[ 50%  0:00] short       ")
                .endsWith("\r");
    }
}
