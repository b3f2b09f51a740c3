import ginrummy.*;
import java.lang.reflect.Field;
import java.util.Random;
public class Drv {
  public static void main(String[] a) throws Exception {
    Field f = GinRummyGame.class.getDeclaredField("RANDOM");
    f.setAccessible(true);
    ((Random) f.get(null)).setSeed(Long.parseLong(a[0]));
    GinRummyGame.setPlayVerbose(true);
    new GinRummyGame(new SimpleGinRummyPlayer(), new SimpleGinRummyPlayer()).play();
  }
}
