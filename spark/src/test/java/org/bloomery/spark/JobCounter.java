package org.bloomery.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.spark.SparkContext;
import org.apache.spark.scheduler.SparkListener;
import org.apache.spark.scheduler.SparkListenerJobStart;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * Counts the jobs the shared session starts, to show that a refusal comes before any job. Spark
 * delivers listener events asynchronously but in order, so a marker job (in a job group of its own,
 * not counted) runs before and after the call under test, and the count is read once each marker
 * has been seen: every job started before a marker has been counted by then.
 */
final class JobCounter extends SparkListener {
    /** The local property in which Spark passes a job's group (SparkContext.SPARK_JOB_GROUP_ID). */
    private static final String JOB_GROUP_PROPERTY = "spark.jobGroup.id";
    private static final String MARKER = "bloomery-test-marker-";
    private static JobCounter installed;

    private long started;
    private final Set<String> markersSeen = new HashSet<>();

    private JobCounter() {
    }

    @Override
    public synchronized void onJobStart(SparkListenerJobStart jobStart) {
        String group = jobStart.properties() == null ? null : jobStart.properties().getProperty(JOB_GROUP_PROPERTY);
        if (group != null && group.startsWith(MARKER)) {
            markersSeen.add(group);
            notifyAll();
        } else {
            started++;
        }
    }

    /**
     * Runs calls that must each be refused, asserts that none started a job, and returns what each
     * threw, in order.
     *
     * @throws AssertionError if a call threw nothing or any started a job
     */
    static List<Throwable> refusedBeforeAnyJob(ThrowingCallable... calls) throws InterruptedException {
        JobCounter counter = counter();
        long before = counter.afterMarker();
        List<Throwable> thrown = new ArrayList<>();
        for (ThrowingCallable call : calls) {
            thrown.add(catchThrowable(call));
        }
        long after = counter.afterMarker();
        assertThat(thrown).as("the refusals").doesNotContainNull();
        assertThat(after - before).as("jobs started by the refused calls").isZero();
        return thrown;
    }

    /** {@link #refusedBeforeAnyJob(ThrowingCallable...)} of one call. */
    static Throwable refusedBeforeAnyJob(ThrowingCallable call) throws InterruptedException {
        return refusedBeforeAnyJob(new ThrowingCallable[] {call}).get(0);
    }

    /** Runs a marker job and returns the jobs counted once its start has been delivered. */
    private long afterMarker() throws InterruptedException {
        String group = MARKER + UUID.randomUUID();
        SparkContext context = LocalSpark.spark().sparkContext();
        context.setJobGroup(group, "marker", false);
        try {
            LocalSpark.spark().range(1).count();
        } finally {
            context.clearJobGroup();
        }
        long deadline = System.nanoTime() + 30_000_000_000L;
        synchronized (this) {
            while (!markersSeen.contains(group) && System.nanoTime() < deadline) {
                wait(100);
            }
            assertThat(markersSeen).as("marker jobs seen").contains(group);
            return started;
        }
    }

    private static synchronized JobCounter counter() {
        if (installed == null) {
            installed = new JobCounter();
            LocalSpark.spark().sparkContext().addSparkListener(installed);
        }
        return installed;
    }
}
